import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { lifeIndexStateOf } from '../platform/chain/life-index-state.ts';
import { type LifeRow, lifeRows } from '../platform/chain/lives.ts';
import type { Character, PersonMemory } from '../twin-mind/index.ts';
import { personMemoryFrom, type RecallRow, recallQuery } from '../twin-mind/index.ts';
// The switches directly, not through owner-controls/index.ts: its routes reach the writers (a cycle).
import { twinSwitchesFrom, twinSwitchesQuery } from '../twin-switches/index.ts';
import { cachedTwinCharacter } from '../twins/index.ts';
import type { TwinActionDeps } from './deps.ts';
import { type OwnerDecision, ownerDecisionFrom } from './owner-decision.ts';
import { chargeReply, meetsQualityBar } from './reply-rules.ts';
import { type TwinAccount, twinAccounts } from './twin-accounts.ts';
import type { KnownWriting } from './twin-writes.ts';
import { skipsOf } from './write-skips.ts';

/** One reply a twin is about to write: a thread reply (a cast) or a direct-message answer. */
export interface ReplyToWrite {
  key: string;
  agentId: string;
  kind: 'thread-reply' | 'dm-reply';
  /** The cast hash or message id answered. */
  subject: string;
  author: { fid: number; score?: number | null | undefined };
}

export type ReplyGate = ReturnType<typeof gateOf>;

/** What a reply writer knows once its reply is opened, when it is not done yet. */
export interface OpenReply {
  done: null;
  twin: TwinAccount;
  gate: ReplyGate;
  /** The writing already composed under the key, if any (for writeOnce, which need not read it again). */
  writing: KnownWriting | null;
  /** The owner's switches on this reply. */
  decision: OwnerDecision;
  /** Whether the twin may speak now: the index read with the rest, the chain asked only if it says dead. */
  alive(): Promise<boolean>;
  /** "Now" for the writing's bookkeeping (knownClockSeconds), from the index's rows read with the rest. */
  clockSeconds: number;
  character: Character | null;
  /** What the twin remembers of the author in this reply's channel (a thread's, or direct messages'). */
  remembered: PersonMemory | undefined;
}

/**
 * Opens a reply, the same for every reply writer. Everything it decides on is read in one statement
 * (beside the character, kept in memory), so a reply waits for one round trip rather than six: the
 * twin, the writing under the key (a reply already delivered is `done`), whether the author is a
 * twin, the owner's switches, the twin's life in the index and its memory of the author. Only reads:
 * a reply that is then skipped has changed nothing, and nothing outside Postgres was asked.
 */
export async function openReply(
  deps: TwinActionDeps,
  reply: ReplyToWrite,
): Promise<
  { done: null; twin: null } | { done: { text: string; deliveredRef: string }; twin: TwinAccount } | OpenReply
> {
  const { db } = deps;
  const [character, { rows }] = await Promise.all([
    cachedTwinCharacter(db, reply.agentId),
    sql<{
      twin: TwinAccount | null;
      text: string | null;
      deliveredRef: string | null;
      authorIsTwin: boolean;
      switches: Parameters<typeof twinSwitchesFrom>[0];
      life: LifeRow[];
      remembered: RecallRow[];
    }>`select
        ${jsonObjectFrom(twinAccounts(db).where('agents.agent_id', '=', reply.agentId))} as twin,
        (select text from twin_writings where key = ${reply.key}) as text,
        (select delivered_ref from twin_writings where key = ${reply.key}) as "deliveredRef",
        exists (select 1 from agents where twin_fid = ${reply.author.fid}) as "authorIsTwin",
        ${jsonObjectFrom(twinSwitchesQuery(db, reply.agentId))} as switches,
        ${jsonArrayFrom(lifeRows(db, [reply.agentId]))} as life,
        ${jsonArrayFrom(recallQuery(db, reply.agentId, reply.author.fid, reply.kind === 'thread-reply' ? 'thread' : 'dm', reply.key))} as remembered`.execute(
      db,
    ),
  ]);
  const row = rows[0]!;
  const { twin } = row;
  const lives = row.life;
  const decision = ownerDecisionFrom(twinSwitchesFrom(row.switches), reply.kind);
  const remembered = personMemoryFrom(row.remembered);
  if (!twin) return { done: null, twin: null };
  if (row.text !== null && row.deliveredRef !== null)
    return { done: { text: row.text, deliveredRef: row.deliveredRef }, twin };
  return {
    done: null,
    twin,
    gate: gateOf(deps, reply, twin.ownerFid, Boolean(row.authorIsTwin)),
    writing: row.text === null ? null : { text: row.text },
    decision,
    alive: () => deps.lives.isAliveFrom(reply.agentId, lives),
    clockSeconds: lifeIndexStateOf(lives.filter((row) => row.cursor)).nowSeconds,
    character,
    remembered,
  };
}

/**
 * What a reply passes before it is written: `skip` records why not; `authorIsAnswerable` is the
 * quality bar (the twin's owner always passes; twins, the service's own new accounts, are bounded
 * per thread instead); `charge` counts it against the author's and the twin's limits, exactly once.
 */
function gateOf(deps: TwinActionDeps, reply: ReplyToWrite, ownerFid: number, authorIsTwin: boolean) {
  const skip = skipsOf(deps, {
    key: reply.key,
    agent_id: reply.agentId,
    kind: reply.kind,
    subject: reply.subject,
    author_fid: reply.author.fid,
  });
  return {
    skip,
    /** Whether the author is a twin (read when the reply was opened). */
    authorIsTwin,
    async authorIsAnswerable(): Promise<boolean> {
      // The owner is always answered: the bar keeps strangers' spam out, not the person the twin is of.
      if (ownerFid === reply.author.fid || authorIsTwin) return true;
      return meetsQualityBar(deps.farcaster, deps.replyRules, reply.author);
    },
    /** Null once counted; else the skipped outcome, recorded. */
    async charge() {
      const charge = await chargeReply(deps.db, deps.replyRules, {
        key: reply.key,
        agentId: reply.agentId,
        authorFid: reply.author.fid,
        channel: reply.kind === 'thread-reply' ? 'cast' : 'direct-message',
      });
      return charge === 'charged' ? null : skip(charge);
    },
  };
}
