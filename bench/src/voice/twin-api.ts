import { SAMPLE_USER_FIDS, waitUntil } from '@fartwin/localstack';
import {
  type ActivityResponse,
  type AgentsByFidResponse,
  activityPath,
  apiPaths,
  type CastLearningResponse,
  type ChatResponse,
  type DeployResponse,
  type OwnerExampleResponse,
  type OwnerVoice,
  type OwnerVoiceResponse,
  ownerExamplePaths,
  ownerVoicePaths,
} from '@fartwin/protocol';
import { createLocalUser, waitForDeploy } from '../support/seed.ts';
import { clientHeaders, signIn } from '../support/sign-in.ts';
import type { CorpusReply } from './corpus.ts';

/**
 * What the voice bench does on the bot service, each through its HTTP API as a person would: publish
 * casts on the local network, deploy a twin, ask it, tag it in a cast, and, as its owner, edit its
 * voice, refresh it from new casts and rewrite its replies.
 */

export interface SignedIn {
  fid: number;
  token: string;
}

/** Each request's budget: a chat answer or a learning run takes well under a second on the bench's service. */
const REQUEST_TIMEOUT_MS = 30_000;

const authorized = (who: SignedIn) => ({ ...clientHeaders(who.fid), authorization: `Bearer ${who.token}` });

async function request<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Local accounts that have not talked to any twin yet, signed in: one per question, so nobody asks a twin twice. */
export async function freshAskers(url: string, label: string, count: number): Promise<SignedIn[]> {
  const askers: SignedIn[] = [];
  for (let index = 0; index < count; index++) {
    const fid = await createLocalUser(url, { username: `bench-${label}-${index}`, starterCasts: false });
    askers.push({ fid, token: await signIn(url, fid) });
  }
  return askers;
}

/**
 * Publishes casts and replies as `fid` on the local network, interleaved as a feed reads; each reply
 * under its parent cast, which `friendFid` (a generic account) publishes first.
 */
export async function publishMaterial(
  url: string,
  fid: number,
  friendFid: number,
  casts: readonly string[],
  replies: readonly CorpusReply[],
): Promise<void> {
  const cast = (body: { fid: number; text: string; parentHash?: string }) =>
    request<{ hash: string }>('POST', `${url}/local-network/casts`, body);
  const rounds = Math.max(casts.length, replies.length);
  for (let index = 0; index < rounds; index++) {
    const text = casts[index];
    if (text) await cast({ fid, text });
    const pair = replies[index];
    if (pair) {
      const parent = await cast({ fid: friendFid, text: pair.parent });
      await cast({ fid, text: pair.reply, parentHash: parent.hash });
    }
  }
}

/** The local service deploys the twins of the first three sample users at its first start. */
const SAMPLE_TWINS = 3;

/**
 * Waits until the service's sample twins, deployed in the background as it starts, are deployed:
 * their accounts are made by then, so the accounts the bench makes get the same fids every run,
 * and the echo engine, whose choices are seeded by them, answers the same.
 */
export async function sampleTwinsDeployed(url: string): Promise<void> {
  await waitUntil(
    'the sample twins',
    async () => {
      for (const fid of SAMPLE_USER_FIDS.slice(0, SAMPLE_TWINS)) {
        const { agents } = await request<AgentsByFidResponse>('GET', `${url}${apiPaths.agentsByFid(fid)}`);
        if (agents.length === 0) return false;
      }
      return true;
    },
    { timeoutMs: 120_000 },
  );
}

/** Deploys `owner`'s twin over HTTP with the answers their casts lean to; its agent id. */
export async function deployTwin(url: string, owner: SignedIn): Promise<string> {
  const { fid } = owner;
  const headers = authorized(owner);
  const before = await request<AgentsByFidResponse>('GET', `${url}${apiPaths.agentsByFid(fid)}`, undefined, headers);
  if (!before.characteristics) throw new Error(`fid ${fid} has no onboarding questions`);
  // Each description ends "That reads more X." for the pole the person's casts lean to.
  const choices = before.characteristics.map((characteristic) => {
    const leaning = /That reads more (\w+)\./.exec(characteristic.description)?.[1];
    return characteristic.options.find((option) => option.value === leaning)?.value ?? characteristic.options[0]!.value;
  });
  await request<DeployResponse>('POST', `${url}${apiPaths.deploy(fid)}`, { choices }, headers);
  await waitForDeploy(url, fid, owner.token);
  const { agents } = await request<AgentsByFidResponse>('GET', `${url}${apiPaths.agentsByFid(fid)}`);
  if (!agents[0]) throw new Error(`fid ${fid}'s deploy completed but lists no twin`);
  return agents[0].agentId;
}

/**
 * The twin's answer to one message from `asker`, over the chat API (JSON, not streamed), written by
 * `engine`: the offline echo engine, or the model of a process given one.
 */
export async function ask(
  url: string,
  agentId: string,
  asker: SignedIn,
  message: string,
  engine: ChatResponse['engine'] = 'echo',
): Promise<string> {
  const answer = await request<ChatResponse>(
    'POST',
    `${url}${apiPaths.chat(agentId)}`,
    { conversation: [{ role: 'user', content: message }], fid: asker.fid },
    authorized(asker),
  );
  if (answer.engine !== engine) throw new Error(`the ${answer.engine} engine answered, not the ${engine} engine`);
  return answer.message;
}

/** The twin's voice as its owner sees it on Your twin. */
export function readVoice(url: string, agentId: string, owner: SignedIn): Promise<OwnerVoiceResponse> {
  return request('GET', `${url}${ownerVoicePaths.voice(agentId)}`, undefined, authorized(owner));
}

/** The owner saves a new voice (Your twin's "Save"); the voice as saved. */
export function saveVoice(url: string, agentId: string, owner: SignedIn, voice: OwnerVoice) {
  return request<OwnerVoiceResponse>('PUT', `${url}${ownerVoicePaths.voice(agentId)}`, voice, authorized(owner));
}

/**
 * The owner presses "Refresh from my casts", then the bench polls the voice until it knows
 * `castsKnown` casts (what the owner has published) and says when it learned them.
 */
export async function refreshFromCasts(
  url: string,
  agentId: string,
  owner: SignedIn,
  castsKnown: number,
): Promise<CastLearningResponse> {
  const learned = await request<CastLearningResponse>(
    'POST',
    `${url}${ownerVoicePaths.learn(agentId)}`,
    undefined,
    authorized(owner),
  );
  await waitUntil(
    `twin ${agentId} to know ${castsKnown} casts after "Refresh from my casts"`,
    async () => {
      const voice = await readVoice(url, agentId, owner);
      return voice.learnedAt !== null && voice.castsKnown >= castsKnown;
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );
  return learned;
}

/** How long a tag may wait for the twin's reply to show in the owner's Activity: it takes about a second. */
const TAG_REPLY_TIMEOUT_MS = 60_000;

/** The twin's account name on the local network (what a stranger tags). */
export async function twinUsername(url: string, agentId: string): Promise<string> {
  const { twins } = await request<{ twins: { agentId: string; username: string }[] }>(
    'GET',
    `${url}/local-network/twins`,
  );
  const twin = twins.find((listed) => listed.agentId === agentId);
  if (!twin) throw new Error(`twin ${agentId} has no account on the local network`);
  return twin.username;
}

/**
 * `stranger` casts `text` tagging the twin in public on the local network, and the bench waits (at
 * most TAG_REPLY_TIMEOUT_MS) for the twin's reply to that cast in its owner's Activity: the reply as
 * Activity lists it, with the key a rewrite names. A skip of the cast (the twin chose not to answer)
 * fails at once with its reason.
 */
export async function tagAndAwaitReply(
  url: string,
  agentId: string,
  owner: SignedIn,
  stranger: number,
  text: string,
): Promise<{ key: string; text: string }> {
  const username = await twinUsername(url, agentId);
  const { hash } = await request<{ hash: string }>('POST', `${url}/local-network/casts`, {
    fid: stranger,
    text: `@${username} ${text}`,
  });
  let reply: { key: string; text: string } | undefined;
  let skipped: string | undefined;
  await waitUntil(
    `twin ${agentId} (@${username}) to reply to cast ${hash} in its owner's Activity`,
    async () => {
      const { items } = await request<ActivityResponse>(
        'GET',
        `${url}${activityPath(agentId, { limit: 50 })}`,
        undefined,
        authorized(owner),
      );
      for (const item of items) {
        if (item.type === 'skip' && item.subject === hash) {
          skipped = item.reason;
          return true;
        }
        if (item.type === 'writing' && item.kind === 'thread-reply' && item.answered?.hash === hash) {
          reply = { key: item.key, text: item.text };
          return true;
        }
      }
      return false;
    },
    { timeoutMs: TAG_REPLY_TIMEOUT_MS, intervalMs: 200 },
  );
  if (skipped) throw new Error(`twin ${agentId} (@${username}) skipped the tag ${hash} ("${text}"): ${skipped}`);
  return reply!;
}

/** The owner's "how I'd say it" on Activity for one of the twin's replies: kept as an example. */
export function rewriteReply(url: string, agentId: string, owner: SignedIn, writingKey: string, answer: string) {
  return request<OwnerExampleResponse>(
    'POST',
    `${url}${ownerExamplePaths.examples(agentId)}`,
    { writingKey, answer },
    authorized(owner),
  );
}
