import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { nextSlotAfter, type ScheduleStream } from './schedule.ts';

/** A schedule due: its twin, its stream, and since when its slots are yet to come. */
export interface DueSchedule {
  agentId: string;
  stream: ScheduleStream;
  after: number;
}

/**
 * Puts a twin's schedule in step with its switch: on since `since` (the clock time it went on)
 * keeps an existing row (its progress) or starts one; off (null) removes it.
 */
export async function setSchedule(
  db: Db,
  agentId: string,
  stream: ScheduleStream,
  since: number | null,
): Promise<void> {
  if (since === null) {
    await db.deleteFrom('twin_schedules').where('agent_id', '=', agentId).where('stream', '=', stream).execute();
    return;
  }
  await db
    .insertInto('twin_schedules')
    .values({ agent_id: agentId, stream, after: since, next_slot_at: nextSlotAfter(agentId, stream, since) })
    .onConflict((conflict) => conflict.columns(['agent_id', 'stream']).doNothing())
    .execute();
}

/**
 * Up to `limit` schedules due by `now`, earliest first, locked for this transaction (another
 * replica's tick skips them): an index range on next_slot_at, so the cost follows the slots due.
 */
export async function lockDueSchedules(trx: Db, now: number, limit: number): Promise<DueSchedule[]> {
  const rows = await trx
    .selectFrom('twin_schedules')
    .select(['agent_id', 'stream', 'after'])
    .where('next_slot_at', '<=', now)
    .orderBy('next_slot_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map((row) => ({ agentId: row.agent_id, stream: row.stream, after: row.after }));
}

/**
 * The due schedules that may write now, in one statement (arrays, not a parameter per row): posts
 * need a living twin (as indexed, no chain read), digests an owner who has notifications on. The
 * job checks again before writing.
 */
export async function writableSchedules(trx: Db, due: readonly DueSchedule[], now: number): Promise<DueSchedule[]> {
  if (due.length === 0) return [];
  const { rows } = await sql<{ agent_id: string; stream: ScheduleStream }>`
    select due.agent_id, due.stream
    from unnest(${due.map((row) => row.agentId)}::text[], ${due.map((row) => row.stream)}::text[])
      as due(agent_id, stream)
    where (due.stream = 'post' and exists (
            select 1 from agent_lives where agent_lives.agent_id = due.agent_id and agent_lives.expires_at > ${now}))
       or (due.stream = 'digest' and exists (
            select 1 from agents join notification_tokens on notification_tokens.fid = agents.owner_fid
            where agents.agent_id = due.agent_id))`.execute(trx);
  const writable = new Set(rows.map((row) => `${row.stream}:${row.agent_id}`));
  return due.filter((row) => writable.has(`${row.stream}:${row.agentId}`));
}

/**
 * Marks schedules handled up to `now` and sets when each is next due, in one statement. A twin that
 * could not write at its slot (dead, no notifications) lets that slot pass like the others.
 */
export async function advanceSchedules(trx: Db, handled: readonly DueSchedule[], now: number): Promise<void> {
  if (handled.length === 0) return;
  await sql`
    update twin_schedules set after = ${now}, next_slot_at = handled.next_slot_at
    from unnest(${handled.map((row) => row.agentId)}::text[], ${handled.map((row) => row.stream)}::text[],
                ${handled.map((row) => nextSlotAfter(row.agentId, row.stream, now))}::bigint[])
      as handled(agent_id, stream, next_slot_at)
    where twin_schedules.agent_id = handled.agent_id and twin_schedules.stream = handled.stream`.execute(trx);
}
