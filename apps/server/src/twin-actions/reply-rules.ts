import { sql } from 'kysely';
import { LOCK_SPACES } from '../platform/db/advisory-locks.ts';
import type { Db } from '../platform/db/database.ts';
import type { TwinReplyChargesTable } from '../platform/db/schema.ts';
import type { FarcasterData } from '../platform/providers/farcaster-data.ts';

/** Who a twin answers and how often (config: REPLIES_PER_*, REPLY_MIN_USER_SCORE). */
export interface ReplyRules {
  /** Replies one account draws from all twins, per channel. */
  perAuthor: { hour: number; day: number };
  /** Replies one twin writes, per channel. */
  perTwin: { hour: number; day: number };
  /** Accounts whose quality score is below this are not answered; 0 answers everyone. */
  minUserScore: number;
}

export type ReplyCharge = 'charged' | 'author-limit' | 'twin-limit';

/**
 * Counts one reply against its author's and its twin's limits (the last hour and the last 24
 * hours, in Postgres: every replica shares them), or answers which limit is full. Exactly once per
 * writing key: a retried job finds its own charge and goes on without counting again.
 */
export async function chargeReply(
  db: Db,
  rules: ReplyRules,
  charge: { key: string; agentId: string; authorFid: number; channel: TwinReplyChargesTable['channel'] },
): Promise<ReplyCharge> {
  // Locks held to the end of its transaction, so two replicas cannot both count the last free reply;
  // then the counts and the charge: inserted only when not yet charged and under every limit. One
  // round trip (the charge_twin_reply function: db/functions/charge-twin-reply.ts). The commit does not wait for the
  // disk: a Postgres crash can lose only the last instants' charges (a reply or two past a limit),
  // never a reply, and the reply waits one flush less.
  const { rows } = await sql<{
    charged: boolean;
    inserted: boolean;
    authorHour: number;
    authorDay: number;
    twinHour: number;
    twinDay: number;
  }>`select * from charge_twin_reply(${charge.key}, ${charge.agentId}, ${charge.authorFid}::bigint, ${charge.channel},
      ${rules.perAuthor.hour}::int, ${rules.perAuthor.day}::int, ${rules.perTwin.hour}::int, ${rules.perTwin.day}::int,
      ${LOCK_SPACES.replyChargesAuthor}::int, ${LOCK_SPACES.replyChargesTwin}::int)`.execute(db);
  const counts = rows[0]!;
  if (counts.charged || counts.inserted) return 'charged';
  if (counts.authorHour >= rules.perAuthor.hour || counts.authorDay >= rules.perAuthor.day) return 'author-limit';
  return 'twin-limit';
}

/**
 * Whether an account is one twins answer: its quality score (from the cast when the source gives
 * it, as Neynar's webhook does, else looked up) at least the threshold. An unknown score is not.
 */
export async function meetsQualityBar(
  farcaster: FarcasterData,
  rules: ReplyRules,
  author: { fid: number; score?: number | null | undefined },
): Promise<boolean> {
  if (rules.minUserScore <= 0) return true;
  const score = author.score ?? (await farcaster.getUser(author.fid))?.score ?? null;
  return score !== null && score >= rules.minUserScore;
}
