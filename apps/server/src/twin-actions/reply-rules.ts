import { sql } from 'kysely';
import { LOCK_SPACES } from '../db/advisory-locks.ts';
import type { Db } from '../db/database.ts';
import type { TwinReplyChargesTable } from '../db/schema.ts';
import type { FarcasterData } from '../providers/farcaster-data.ts';

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
  return db.transaction().execute(async (trx) => {
    // Held to the end of the transaction, so two replicas cannot both count the last free reply;
    // taken by this one statement only, always in the same order: no deadlock. The commit does not
    // wait for the disk: a Postgres crash can lose only the last instants' charges (a reply or two
    // past a limit), never a reply, and the reply waits one flush less.
    await sql`select set_config('synchronous_commit', 'off', true),
                     pg_advisory_xact_lock(${LOCK_SPACES.replyChargesAuthor}::int, hashtext(${String(charge.authorFid)})),
                     pg_advisory_xact_lock(${LOCK_SPACES.replyChargesTwin}::int, hashtext(${charge.agentId}))`.execute(
      trx,
    );
    // The counts and the charge in one statement: inserted only when not yet charged and under every limit.
    const { rows } = await sql<{
      charged: boolean;
      inserted: boolean;
      authorHour: number;
      authorDay: number;
      twinHour: number;
      twinDay: number;
    }>`
      with counts as (
        select
          exists (select 1 from twin_reply_charges where key = ${charge.key}) as "charged",
          count(*) filter (where author_fid = ${charge.authorFid} and charged_at > now() - interval '1 hour')::int as "authorHour",
          count(*) filter (where author_fid = ${charge.authorFid})::int as "authorDay",
          count(*) filter (where agent_id = ${charge.agentId} and charged_at > now() - interval '1 hour')::int as "twinHour",
          count(*) filter (where agent_id = ${charge.agentId})::int as "twinDay"
        from twin_reply_charges
        where channel = ${charge.channel}
          and charged_at > now() - interval '1 day'
          and (author_fid = ${charge.authorFid} or agent_id = ${charge.agentId})
      ), inserted as (
        insert into twin_reply_charges (key, agent_id, author_fid, channel)
        select ${charge.key}::text, ${charge.agentId}::text, ${charge.authorFid}::bigint, ${charge.channel}::text from counts
        where not "charged"
          and "authorHour" < ${rules.perAuthor.hour} and "authorDay" < ${rules.perAuthor.day}
          and "twinHour" < ${rules.perTwin.hour} and "twinDay" < ${rules.perTwin.day}
        returning 1
      )
      select counts.*, exists (select 1 from inserted) as "inserted" from counts
    `.execute(trx);
    const counts = rows[0]!;
    if (counts.charged || counts.inserted) return 'charged';
    if (counts.authorHour >= rules.perAuthor.hour || counts.authorDay >= rules.perAuthor.day) return 'author-limit';
    return 'twin-limit';
  });
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
