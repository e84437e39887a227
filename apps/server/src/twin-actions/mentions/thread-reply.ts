import { BATTERY_PRICE_USDC, CAST_MAX_BYTES, type ConversationTurn, USDC_DECIMALS } from '@fartwin/protocol';
import { sql } from 'kysely';
import { formatUnits } from 'viem';
import { twinPageUrl } from '../../manifest/index.ts';
import type { Db } from '../../platform/db/database.ts';
import type { TwinWriteSkipReason } from '../../platform/db/schema.ts';
import type { ThreadCast } from '../../platform/providers/farcaster-data.ts';
import { recalledFor, threadTurn, withPersonMemory } from '../../twin-mind/index.ts';
import { linkHostsOf, type TwinActionDeps } from '../deps.ts';
import { holdAsDraft } from '../drafts.ts';
import { openReply } from '../reply-gate.ts';
import type { TwinAccount } from '../twin-accounts.ts';
import { answeredCastOf, engineText, writeOnce, writingExists } from '../twin-writes.ts';
import { writingKeys } from '../writing-keys.ts';
import type { IncomingCast } from './incoming-cast.ts';

/** Casts of the thread the engine reads, the new one included. */
const THREAD_CONTEXT_CASTS = 6;
/**
 * How far up a thread is walked to find its first cast when the cast does not say: only jobs queued
 * before casts carried their thread hash. Every source gives it now, so the bounds hold at any depth.
 */
const THREAD_WALK_LIMIT = 30;
/** Twins answering twins must end: at most this many twin replies in a thread where a twin spoke last. */
export const TWIN_TO_TWIN_REPLIES_PER_THREAD = 4;
/** And at most this many twin replies in any one thread, whoever asks (cost bound). */
export const TWIN_REPLIES_PER_THREAD = 40;

export interface ThreadReplyJob {
  kind: 'thread-reply';
  agentId: string;
  cast: IncomingCast;
}

export type ThreadReplyOutcome =
  | { status: 'replied' | 'dead-notice' | 'already-done'; text: string; hash: string }
  | { status: 'drafted'; text: string; key: string }
  | { status: 'skipped'; reason: 'unknown-twin' | 'own-cast' | 'dead-notice-sent' | TwinWriteSkipReason };

/**
 * A twin answers a cast that mentions it or replies to it, once: alive, with the engine's reply
 * from its character and the thread; dead, once per thread, with where to revive it. Not when its
 * switch is off, the author is below the quality bar, the thread has had its replies, or the
 * author's or the twin's reply limit is reached: then what was skipped is recorded, with why.
 */
export async function replyInThread(deps: TwinActionDeps, job: ThreadReplyJob): Promise<ThreadReplyOutcome> {
  const { db } = deps;
  const { cast } = job;
  const key = writingKeys.threadReply(job.agentId, cast.hash);
  // The thread's twin replies so far are read with the rest where the cast names its thread (every
  // source does now); only an old job's thread is walked first.
  const [opened, repliesInNamedThread] = await Promise.all([
    openReply(deps, {
      key,
      agentId: job.agentId,
      kind: 'thread-reply',
      subject: cast.hash,
      author: cast.author,
    }),
    cast.threadHash ? twinRepliesInThread(db, cast.threadHash) : null,
  ]);
  const { twin } = opened;
  if (!twin) return { status: 'skipped', reason: 'unknown-twin' };
  if (cast.author.fid === twin.fid) return { status: 'skipped', reason: 'own-cast' };
  if (opened.done) return { status: 'already-done', text: opened.done.text, hash: opened.done.deliveredRef };
  const { gate, decision, character } = opened;
  if (decision === 'paused' || decision === 'switched-off') return gate.skip(decision);
  if (!(await gate.authorIsAnswerable())) return gate.skip('filtered');

  // The thread's root: the cast names it (every source does now); only an old job's thread is walked
  // for it here. The walk for the thread's context comes after the charge: an author over their
  // limit costs no provider call.
  const walked = cast.threadHash ? null : await threadOf(deps, cast);
  const root = cast.threadHash ?? walked!.root;
  const alive = await opened.alive();
  if (!alive && (await writingExists(db, writingKeys.deadReply(twin.agentId, root)))) return gate.skip('dead');
  if (alive) {
    const replies = repliesInNamedThread ?? (await twinRepliesInThread(db, root));
    if (replies >= (gate.authorIsTwin ? TWIN_TO_TWIN_REPLIES_PER_THREAD : TWIN_REPLIES_PER_THREAD)) {
      return gate.skip('thread-bound');
    }
  }
  const limited = await gate.charge();
  if (limited) return limited;
  if (!alive) return deadNotice(deps, twin, cast, root);
  const thread = walked ?? (await threadOf(deps, cast));

  if (!character) return { status: 'skipped', reason: 'unknown-twin' };
  const compose = () =>
    withPersonMemory(
      db,
      character,
      {
        key,
        agentId: twin.agentId,
        fid: cast.author.fid,
        username: cast.author.username,
        channel: 'thread',
        said: cast.text,
      },
      async (remembered) =>
        engineText(deps.chatEngine, {
          ...(await recalledFor(db, twin.agentId, character, cast.text)),
          conversation: threadTurns(thread.casts, twin),
          task: { kind: 'reply', channel: 'cast' },
          maxBytes: CAST_MAX_BYTES,
          // The person answered, whom the provider says they tagged (never text shaped like a mention),
          // and the twin's owner (whose twin it says it is).
          mayTag: [cast.author.username, ...cast.mentionedUsernames, character.username],
          linkHosts: linkHostsOf(deps),
          remembered,
        }),
      { remembered: opened.remembered },
    );
  const writing = {
    key,
    agentId: twin.agentId,
    kind: 'thread-reply' as const,
    threadHash: thread.root,
    counterpartFid: cast.author.fid,
    answered: answeredCastOf(cast),
    clockAt: opened.clockSeconds,
  };
  // "Ask me first": the owner reviews it (twin-actions/drafts.ts) before it is cast.
  if (decision === 'draft') return holdAsDraft(deps, { ...writing, parentHash: cast.hash }, compose);
  const result = await writeOnce(
    db,
    writing,
    compose,
    (text) => castReply(deps, twin, cast.hash, text, [], key),
    opened.writing,
  );
  return { status: result.delivered ? 'replied' : 'already-done', text: result.text, hash: result.deliveredRef };
}

const BATTERY_PRICE = `${formatUnits(BATTERY_PRICE_USDC, USDC_DECIMALS)} USDC`;

/** What a dead twin answers, once per thread, with the page where anyone can revive it. */
export function deadNoticeText(twinPageUrl: string): string {
  return `My battery is empty, so I can't reply right now. Anyone can revive me for ${BATTERY_PRICE} here: ${twinPageUrl}`;
}

async function deadNotice(
  deps: TwinActionDeps,
  twin: TwinAccount,
  cast: IncomingCast,
  root: string,
): Promise<ThreadReplyOutcome> {
  const key = writingKeys.deadReply(twin.agentId, root);
  const twinPage = twinPageUrl(deps.publicUrl, twin.agentId);
  const result = await writeOnce(
    deps.db,
    { key, agentId: twin.agentId, kind: 'dead-reply', threadHash: root, counterpartFid: cast.author.fid },
    async () => ({ text: deadNoticeText(twinPage), engine: null }),
    (text) => castReply(deps, twin, cast.hash, text, [twinPage], key),
  );
  if (!result.delivered) return { status: 'skipped', reason: 'dead-notice-sent' };
  return { status: 'dead-notice', text: result.text, hash: result.deliveredRef };
}

async function castReply(
  deps: TwinActionDeps,
  twin: TwinAccount,
  parentHash: string,
  text: string,
  embeds: string[],
  idempotencyKey: string,
): Promise<string> {
  const { hash } = await deps.farcasterActions.publishCast({
    account: { fid: twin.fid, signerId: twin.signerId },
    text,
    embeds,
    parentHash,
    idempotencyKey,
  });
  return hash;
}

async function twinRepliesInThread(db: Db, root: string): Promise<number> {
  const row = await db
    .selectFrom('twin_writings')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('thread_hash', '=', root)
    .where('kind', '=', 'thread-reply')
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** The thread up to the new cast (oldest first, the last few) and its first cast's hash. */
async function threadOf(deps: TwinActionDeps, cast: IncomingCast): Promise<{ root: string; casts: ThreadCast[] }> {
  const casts: ThreadCast[] = [{ hash: cast.hash, text: cast.text, parentHash: cast.parentHash, author: cast.author }];
  const walkLimit = cast.threadHash ? THREAD_CONTEXT_CASTS : THREAD_WALK_LIMIT;
  let parentHash = cast.parentHash;
  while (parentHash && casts.length < walkLimit) {
    const parent = await deps.farcaster.getCast(parentHash);
    if (!parent) break;
    casts.unshift(parent);
    parentHash = parent.parentHash;
  }
  return { root: cast.threadHash ?? casts[0]!.hash, casts: casts.slice(-THREAD_CONTEXT_CASTS) };
}

/** The thread as a conversation: the twin's own casts are its turns, everyone else's are threadTurn's. */
function threadTurns(casts: readonly ThreadCast[], twin: TwinAccount): ConversationTurn[] {
  return casts.map((cast) =>
    cast.author.fid === twin.fid
      ? { role: 'assistant', content: cast.text }
      : { role: 'user', content: threadTurn(cast.author.username, cast.text) },
  );
}
