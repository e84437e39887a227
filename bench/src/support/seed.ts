import { SAMPLE_USER_FIDS, waitUntil } from '@fartwin/localstack';
import {
  type AgentsResponse,
  apiPaths,
  type DeployProgress,
  DIRECTORY_PAGE_SIZE,
  type LocalUser,
  type NewLocalUserRequest,
} from '@fartwin/protocol';
import type { BareBodies } from './bare-service.ts';
import type { BotService } from './bot-service.ts';
import { bulkAgentId, insertBulkAgents } from './directory-rows.ts';
import { progress } from './progress.ts';
import { clientHeaders, signIn } from './sign-in.ts';

/** Agents bulk-inserted into the directory (it is built to serve 100,000 twins). */
export const BULK_AGENTS = 100_000;
/**
 * The deep page starts after this many of the oldest bulk rows from the end: 90% of the way down.
 * Even, so that its first row does not share a second with the row before it (directory-rows.ts).
 */
const DEEP_PAGE_OLDER_ROWS = 10_000;
/** Local mode's first start deploys twins for these sample users (README: @1001 to @1003). */
const SAMPLE_TWIN_OWNERS = SAMPLE_USER_FIDS.slice(0, 3);
const DEPLOY_TIMEOUT_MS = 180_000;
/**
 * Signed-in users for the chat benchmarks: the sample users and new local accounts. The service
 * allows a user 30 chat messages a minute, so the chat benchmarks spread their messages over enough
 * users that none reaches it (chat-first-token.ts checks).
 */
export const CHAT_USERS = 150;

export interface BenchData {
  /** Rows in the directory: the bulk rows and the sample twins. */
  agents: number;
  /** Rows above the deep page. */
  deepPageOffset: number;
  /** The paths under benchmark, the same on the bot service and on the bare baseline. */
  paths: { firstPage: string; deepPage: string; byFid: string; health: string };
  /** What the bot service answered on those paths, for the baseline to answer. */
  bodies: BareBodies;
  /** Living twins (deployed through the pipeline, first battery paid). */
  twins: string[];
  /** CHAT_USERS users, signed in: the sample users first. */
  users: { fid: number; token: string }[];
}

/**
 * The JSON a GET answers. Only the fields the bench reads (agent ids, cursors, states) are relied on,
 * so the bench does not break on an unrelated change of the API's shape.
 */
async function getJson<T = unknown>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** What the bench reads of a directory page (or of a user's twins): agent ids and the next cursor. */
type Page = Pick<AgentsResponse, 'nextCursor'> & { agents: { agentId: string }[] };
const page = (url: string) => getJson<Page>(url);

/** Runs `make(0…count-1)` a few at a time; the results in order. */
async function inBatches<T>(count: number, make: (index: number) => Promise<T>, batch = 8): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += batch) {
    const indexes = Array.from({ length: Math.min(batch, count - start) }, (_, offset) => start + offset);
    made.push(...(await Promise.all(indexes.map(make))));
  }
  return made;
}

/** A new account on the local network (as the dev host's "New user" makes one); its fid. */
export async function createLocalUser(
  serverUrl: string,
  request: NewLocalUserRequest = { starterCasts: false },
): Promise<number> {
  const response = await fetch(`${serverUrl}/local-network/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  if (response.status !== 201) throw new Error(`POST /local-network/users answered ${response.status}`);
  return ((await response.json()) as { user: LocalUser }).user.fid;
}

/** Waits until the deploy of `fid`'s twin (local mode's, or one the bench started) has completed. */
export async function waitForDeploy(serverUrl: string, fid: number, token: string): Promise<void> {
  await waitUntil(
    `the sample twin of fid ${fid}`,
    async () => {
      const response = await fetch(`${serverUrl}${apiPaths.deployProgress(fid)}`, {
        headers: { ...clientHeaders(fid), authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`GET ${apiPaths.deployProgress(fid)} answered ${response.status}`);
      const { state, steps } = (await response.json()) as DeployProgress;
      if (state === 'failed') throw new Error(`its deploy failed: ${JSON.stringify(steps)}`);
      return state === 'completed';
    },
    { timeoutMs: DEPLOY_TIMEOUT_MS, intervalMs: 500 },
  );
}

/**
 * Makes the bot service's data for the API and chat benchmarks, through its public surfaces: new
 * users through the local network's API, every user signed in over HTTP (local Quick Auth), the
 * sample twins the ones local mode deploys through the real pipeline; only the 100,000 bulk twins
 * are plain SQL (directory-rows.ts).
 *
 * The deep page's cursor is one the service itself issued, so the bench never builds the opaque
 * cursor: the oldest bulk rows go in first, the service's own page ending at the newest of them
 * gives its nextCursor, and then the newer 90,000 rows go in above it.
 */
export async function seedBenchData(bot: BotService): Promise<BenchData> {
  progress(`making ${CHAT_USERS} local users and signing them in; waiting for the sample twins' deploys`);
  // One at a time, as the dev host makes them: each funds a wallet as the operator, which the
  // service serialises (and the sample twins' deploys need the operator too).
  const newUsers = await inBatches(CHAT_USERS - SAMPLE_USER_FIDS.length, () => createLocalUser(bot.url), 1);
  const users = await inBatches(CHAT_USERS, async (index) => {
    const fid = SAMPLE_USER_FIDS[index] ?? newUsers[index - SAMPLE_USER_FIDS.length]!;
    return { fid, token: await signIn(bot.url, fid) };
  });
  const tokenOf = (fid: number) => users.find((user) => user.fid === fid)!.token;
  const twins: string[] = [];
  for (const owner of SAMPLE_TWIN_OWNERS) {
    await waitForDeploy(bot.url, owner, tokenOf(owner));
    const { agents } = await page(`${bot.url}${apiPaths.agentsByFid(owner)}`);
    if (!agents[0]) throw new Error(`fid ${owner}'s deploy completed but GET agents/${owner} lists no twin`);
    twins.push(agents[0].agentId);
  }

  progress(`inserting ${BULK_AGENTS.toLocaleString('en-US')} twins into the directory (SQL)`);
  const olderRows = { from: 1, to: DEEP_PAGE_OLDER_ROWS, total: BULK_AGENTS };
  await insertBulkAgents(bot.databaseUrl, olderRows);
  const newestOlder = bulkAgentId(DEEP_PAGE_OLDER_ROWS);
  const top = await page(`${bot.url}${apiPaths.agents}?limit=100`);
  const above = top.agents.findIndex((agent) => agent.agentId === newestOlder);
  if (above < 0) throw new Error(`${newestOlder} is not among the directory's first 100 rows`);
  const { nextCursor } = await page(`${bot.url}${apiPaths.agents}?limit=${above + 1}`);
  if (!nextCursor) throw new Error(`the directory gave no cursor after ${newestOlder}`);
  await insertBulkAgents(bot.databaseUrl, { from: DEEP_PAGE_OLDER_ROWS + 1, to: BULK_AGENTS, total: BULK_AGENTS });

  const paths = {
    firstPage: apiPaths.agents,
    deepPage: `${apiPaths.agents}?cursor=${encodeURIComponent(nextCursor)}`,
    byFid: apiPaths.agentsByFid(SAMPLE_TWIN_OWNERS[0]!),
    health: apiPaths.healthReady,
  };
  const bodies: BareBodies = {
    firstPage: await getJson(`${bot.url}${paths.firstPage}`),
    deepPage: await getJson(`${bot.url}${paths.deepPage}`),
    byFid: await getJson(`${bot.url}${paths.byFid}`),
    health: await getJson(`${bot.url}${paths.health}`),
  };
  // `above` rows were not bulk rows (the sample twins); the newer bulk rows went in above the cursor.
  const agents = BULK_AGENTS + above;
  const deepPageOffset = above + 1 + (BULK_AGENTS - DEEP_PAGE_OLDER_ROWS);
  const deep = (bodies.deepPage as Page).agents;
  const first = (bodies.firstPage as Page).agents;
  if (first.length !== DIRECTORY_PAGE_SIZE || deep.length !== DIRECTORY_PAGE_SIZE)
    throw new Error(`a directory page holds ${first.length} and ${deep.length} agents, not ${DIRECTORY_PAGE_SIZE}`);
  if (deep[0]!.agentId !== bulkAgentId(DEEP_PAGE_OLDER_ROWS - 1))
    throw new Error(`the deep page starts at ${deep[0]!.agentId}, not ${bulkAgentId(DEEP_PAGE_OLDER_ROWS - 1)}`);
  return { agents, deepPageOffset, paths, bodies, twins, users };
}
