import type { TwinActionDeps } from './deps.ts';
import { chargeReply, meetsQualityBar } from './reply-rules.ts';
import { findTwinByFid } from './twins.ts';
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

/**
 * What a reply passes before it is written, the same for every reply writer: `skip` records why
 * not; `authorIsAnswerable` is the quality bar (the twin's owner always passes; twins, the service's
 * own new accounts, are bounded per thread instead); `charge` counts it against the author's and the twin's limits, exactly once.
 */
export function replyGate(deps: TwinActionDeps, reply: ReplyToWrite) {
  const skip = skipsOf(deps, {
    key: reply.key,
    agent_id: reply.agentId,
    kind: reply.kind,
    subject: reply.subject,
    author_fid: reply.author.fid,
  });
  return {
    skip,
    async authorIsAnswerable(): Promise<boolean> {
      // The owner is always answered: the bar keeps strangers' spam out, not the person the twin is of.
      const twin = await deps.db
        .selectFrom('agents')
        .select('owner_fid')
        .where('agent_id', '=', reply.agentId)
        .executeTakeFirst();
      if (twin?.owner_fid === reply.author.fid) return true;
      if ((await findTwinByFid(deps.db, reply.author.fid)) !== null) return true;
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
