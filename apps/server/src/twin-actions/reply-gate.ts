import { sql } from 'kysely';
import type { TwinActionDeps } from './deps.ts';
import { chargeReply, meetsQualityBar } from './reply-rules.ts';
import type { KnownWriting } from './twin-writes.ts';
import { skipsOf } from './write-skips.ts';

/** One reply a twin is about to write: a thread reply (a cast) or a direct-message answer. */
export interface ReplyToWrite {
  key: string;
  agentId: string;
  /** The twin's owner, whom the twin always answers. */
  ownerFid: number;
  kind: 'thread-reply' | 'dm-reply';
  /** The cast hash or message id answered. */
  subject: string;
  author: { fid: number; score?: number | null | undefined };
}

export type ReplyGate = ReturnType<typeof gateOf>;

/**
 * Opens a reply, the same for every reply writer, in one query: a reply already delivered under its
 * key is `done`; otherwise the writer gets its gate and the writing already composed under the key,
 * if any (for writeOnce, which need not read it again).
 */
export async function openReply(
  deps: TwinActionDeps,
  reply: ReplyToWrite,
): Promise<
  { done: { text: string; deliveredRef: string } } | { done: null; gate: ReplyGate; writing: KnownWriting | null }
> {
  const row = await deps.db
    .selectNoFrom((eb) => [
      eb.selectFrom('twin_writings').select('text').where('key', '=', reply.key).as('text'),
      eb.selectFrom('twin_writings').select('delivered_ref').where('key', '=', reply.key).as('deliveredRef'),
      eb
        .exists(eb.selectFrom('agents').select(sql`1`.as('one')).where('twin_fid', '=', reply.author.fid))
        .as('authorIsTwin'),
    ])
    .executeTakeFirstOrThrow();
  if (row.text !== null && row.deliveredRef !== null)
    return { done: { text: row.text, deliveredRef: row.deliveredRef } };
  return {
    done: null,
    gate: gateOf(deps, reply, Boolean(row.authorIsTwin)),
    writing: row.text === null ? null : { text: row.text },
  };
}

/**
 * What a reply passes before it is written: `skip` records why not; `authorIsAnswerable` is the
 * quality bar (the twin's owner always passes; twins, the service's own new accounts, are bounded
 * per thread instead); `charge` counts it against the author's and the twin's limits, exactly once.
 */
function gateOf(deps: TwinActionDeps, reply: ReplyToWrite, authorIsTwin: boolean) {
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
      if (reply.ownerFid === reply.author.fid || authorIsTwin) return true;
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
