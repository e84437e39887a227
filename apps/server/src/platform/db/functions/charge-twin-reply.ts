import { type Kysely, sql } from 'kysely';

/**
 * The reply charge's rule, as the database runs it (chargeReply in twin-actions/reply-rules.ts calls it): under
 * the author's lock, then the twin's, count the channel's charges of the last hour and day for both
 * and insert this reply's charge only when it is not charged yet and every count is under its limit.
 * One round trip instead of a transaction's four. Each statement of a volatile plpgsql function takes
 * a fresh snapshot, so the counts, read after the locks are held, see every charge committed by
 * whoever held them before; the locks last until the calling statement's transaction ends. The
 * commit does not wait for the disk (see chargeReply).
 *
 * This file is the function's one source: the migration that created it applies it, and every start
 * of the twin actions installs it again as written here, so changing the rule is changing this file.
 */
const replyChargeFunction = sql`
    create or replace function charge_twin_reply(
      charge_key text, charge_agent_id text, charge_author_fid bigint, charge_channel text,
      author_hour_limit int, author_day_limit int, twin_hour_limit int, twin_day_limit int,
      author_lock_space int, twin_lock_space int
    ) returns table (charged boolean, inserted boolean, "authorHour" int, "authorDay" int, "twinHour" int, "twinDay" int)
    language plpgsql volatile as $$
    begin
      perform set_config('synchronous_commit', 'off', true);
      -- Always in this order: no deadlock.
      perform pg_advisory_xact_lock(author_lock_space, hashtext(charge_author_fid::text));
      perform pg_advisory_xact_lock(twin_lock_space, hashtext(charge_agent_id));
      return query
        with counts as (
          select
            exists (select 1 from twin_reply_charges c where c.key = charge_key) as charged,
            count(*) filter (where c.author_fid = charge_author_fid and c.charged_at > now() - interval '1 hour')::int as author_hour,
            count(*) filter (where c.author_fid = charge_author_fid)::int as author_day,
            count(*) filter (where c.agent_id = charge_agent_id and c.charged_at > now() - interval '1 hour')::int as twin_hour,
            count(*) filter (where c.agent_id = charge_agent_id)::int as twin_day
          from twin_reply_charges c
          where c.channel = charge_channel
            and c.charged_at > now() - interval '1 day'
            and (c.author_fid = charge_author_fid or c.agent_id = charge_agent_id)
        ), added as (
          insert into twin_reply_charges (key, agent_id, author_fid, channel)
          select charge_key, charge_agent_id, charge_author_fid, charge_channel from counts
          where not counts.charged
            and counts.author_hour < author_hour_limit and counts.author_day < author_day_limit
            and counts.twin_hour < twin_hour_limit and counts.twin_day < twin_day_limit
          returning 1
        )
        select counts.charged, exists (select 1 from added), counts.author_hour, counts.author_day,
               counts.twin_hour, counts.twin_day
        from counts;
    end
    $$
`;

/** Installs the reply charge function as written above; one process at a time, so replicas starting together do not collide. */
export async function installReplyChargeFunction<Tables>(db: Kysely<Tables>): Promise<void> {
  const install = async (trx: Kysely<Tables>) => {
    // Keyed by one number, which no two-number lock of LOCK_SPACES (db/advisory-locks.ts) can equal.
    await sql`select pg_advisory_xact_lock(hashtext('install charge_twin_reply')::bigint)`.execute(trx);
    await replyChargeFunction.execute(trx);
  };
  // The migrator hands over its own transaction; a start-up opens one.
  if (db.isTransaction) await install(db);
  else await db.transaction().execute(install);
}
