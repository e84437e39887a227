/**
 * The actions benchmark's SQL: the schedules of bulk twins (directory-rows.ts makes the twins), and
 * the state it reads, written and read straight in the bot service's tables (`twin_schedules`,
 * `notification_tokens`, `chain_cursors`, pg-boss's `job`), whose layout is a contract of the database.
 */
import type pg from 'pg';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Both schedules on for bulk twins `from`..`to` since `clock`, with their next slots spread over the
 * half-day that starts a half-day after `clock` (so none comes due during the run by itself), and a
 * notification token for each owner (digests need one). One INSERT … SELECT each; the schedules
 * in their key's order, which fills its index about twice as fast as generate_series' order.
 */
export async function insertBulkSchedules(
  client: pg.ClientBase,
  rows: { from: number; to: number; clock: number },
): Promise<void> {
  await client.query(
    `insert into twin_schedules (agent_id, stream, after, next_slot_at)
     select 'bulk-' || n, stream, $3::bigint, $3::bigint + $4::int / 2 + (n::bigint * 7919) % ($4::int / 2)
     from generate_series($1::int, $2::int) as n, unnest(array['post', 'digest']) as stream
     order by 1, 2`,
    [rows.from, rows.to, rows.clock, DAY_SECONDS],
  );
  await client.query(
    `insert into notification_tokens (fid, app_fid, url, token)
     select 100000 + n, 9152, 'http://127.0.0.1:9/notify', 'bulk-token-' || n
     from generate_series($1::int, $2::int) as n`,
    [rows.from, rows.to],
  );
  await client.query('vacuum analyze twin_schedules, notification_tokens');
}

/** The schedules' clock (unix seconds): the chain time the service's last tick recorded. */
export async function scheduleClock(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ block: string }>(`select block from chain_cursors where name = 'clock'`);
  if (!rows[0]) throw new Error('the service has not recorded its clock yet');
  return Number(rows[0].block);
}

/** Makes both schedules of these bulk twins due now with a day's two slots each. */
export async function makeSchedulesDue(client: pg.ClientBase, agentIds: readonly string[], clock: number) {
  const { rowCount } = await client.query(
    `update twin_schedules set after = $2::bigint - $3::int, next_slot_at = $2::bigint - 1
     where agent_id = any($1::text[])`,
    [agentIds, clock, DAY_SECONDS],
  );
  return rowCount ?? 0;
}

/** Moves these bulk twins' schedules a day past `clock`: not due again during the run. */
export async function setAsideSchedules(client: pg.ClientBase, agentIds: readonly string[], clock: number) {
  await client.query(
    `update twin_schedules set after = $2::bigint, next_slot_at = $2::bigint + $3::int where agent_id = any($1::text[])`,
    [agentIds, clock, DAY_SECONDS],
  );
}

/** Twin-write jobs not yet finished. */
export async function pendingTwinWrites(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from pgboss.job where name = 'twin-write' and state < 'completed'`,
  );
  return Number(rows[0]!.n);
}

/** The replies to these casts by these accounts: each cast's first reply, ms after the cast, and when. */
export async function firstReplies(
  client: pg.ClientBase,
  castHashes: readonly string[],
  replierFids: readonly number[],
) {
  const { rows } = await client.query<{ ms: number; at: number }>(
    `select min(extract(epoch from reply.created_at - cast_.created_at) * 1000)::float8 as ms,
            min(extract(epoch from reply.created_at))::float8 as at
     from social_casts cast_ join social_casts reply on reply.parent_hash = cast_.hash
     where cast_.hash = any($1::text[]) and reply.fid = any($2::bigint[])
     group by cast_.hash`,
    [castHashes, replierFids],
  );
  return rows;
}

/** When the first of these casts was made (unix seconds, fractional). */
export async function firstCastAt(client: pg.ClientBase, castHashes: readonly string[]): Promise<number> {
  const { rows } = await client.query<{ at: number }>(
    `select min(extract(epoch from created_at))::float8 as at from social_casts where hash = any($1::text[])`,
    [castHashes],
  );
  return rows[0]!.at;
}
