import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapLocalChain, type Deployment } from '@fartwin/contracts/deployment';
import { pino } from 'pino';
import { type NotificationSender, startNotificationSender } from '../src/notify/sender.ts';
import type { Db } from '../src/platform/db/database.ts';
import { publishLocalCast, seedLocalNetwork } from '../src/social/local-network.ts';
import type { TwinActionDeps } from '../src/twin-actions/deps.ts';
import type { TwinRecord } from '../src/twins/repository.ts';
import { type FakeFarcasterClient, startFakeFarcasterClient } from './fake-farcaster-client.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { addTwinAccount, createTwin, feedTwin } from './twins.ts';
import { waitFor } from './wait-for.ts';

export { waitFor };

/**
 * A server with the local network seeded and the life contract deployed, a twin per owner given
 * (with its own account in the local network, as the deploy pipeline makes it), those in `fed`
 * alive, a fake Farcaster client for notifications and a real notification sender.
 */
export async function startTwinActionSetup<Name extends string>(
  owners: Record<Name, number>,
  fed: readonly NoInfer<Name>[],
  env: Record<string, string> = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fartwin-twin-actions-'));
  const deploymentFile = join(dataDir, 'deployment.json');
  const server = await startTestServer({ DEPLOYMENT_FILE: deploymentFile, LIFE_WATCH_INTERVAL_SECONDS: '1', ...env });
  await seedLocalNetwork(server.db, server.config.publicUrl);
  const deployment: Deployment = await bootstrapLocalChain({ rpcUrl: server.anvil.rpcUrl, deploymentFile });
  const twins = {} as Record<Name, TwinRecord>;
  for (const name of Object.keys(owners) as Name[]) {
    twins[name] = await createTwin(server.db, owners[name]);
    await addTwinAccount(server.db, twins[name]);
  }
  for (const name of fed) await feedTwin(server.anvil.rpcUrl, deployment, twins[name].agentId);
  const client: FakeFarcasterClient = await startFakeFarcasterClient();
  const sender: NotificationSender = await startNotificationSender(server.jobs, {
    db: server.db,
    logger: pino({ level: 'silent' }),
    production: false,
  });
  return {
    server: server as TestServer,
    deployment,
    twins,
    client,
    sender,
    /** What the writers get, as the app gives it; notifications go nowhere unless `sender` is given. */
    deps: (overrides: Partial<TwinActionDeps> = {}): TwinActionDeps => ({
      ...server.services,
      db: server.db,
      logger: pino({ level: 'silent' }),
      sender: { send: async () => ({ delivered: [], invalid: [], retrying: [], failed: [] }) },
      publicUrl: server.config.publicUrl,
      replyRules: server.config.replyRules,
      ...overrides,
    }),
    async close() {
      await client.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits for the skip recorded under a writing key: the positive signal that a worker saw the work and chose not to do it. */
export async function recordedSkip(db: Db, key: string) {
  const rows = await waitFor(
    () => db.selectFrom('twin_write_skips').selectAll().where('key', '=', key).execute(),
    (found) => found.length === 1,
    `a skip of ${key}`,
  );
  return rows[0]!;
}

let untaggedCasts = 0;
/**
 * A cast by `fid` on the local network that does not tag the twin (so the server's own firehose leaves
 * it alone), and the thread-reply job the firehose would make for `twin` if it did.
 */
export async function untaggedReplyJob(db: Db, twin: TwinRecord, fid: number, text: string) {
  const { hash } = await publishLocalCast(db, { fid, text, embeds: [], idempotencyKey: `untagged-${untaggedCasts++}` });
  const author = await db
    .selectFrom('social_accounts')
    .select('username')
    .where('fid', '=', fid)
    .executeTakeFirstOrThrow();
  return {
    kind: 'thread-reply' as const,
    agentId: twin.agentId,
    cast: {
      hash,
      text,
      author: { fid, username: author.username },
      parentHash: null,
      parentAuthorFid: null,
      threadHash: null,
      mentionedFids: [twin.twin.fid],
      mentionedUsernames: [],
    },
  };
}
