import { type Kysely, sql } from 'kysely';

/**
 * Created the reply charge function. Its rule as it is now lives in
 * twin-actions/reply-charge-function.ts, which every start installs; this migration is history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function charge_twin_reply(
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
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function charge_twin_reply(text, text, bigint, text, int, int, int, int, int, int)`.execute(db);
}
