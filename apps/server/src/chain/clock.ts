import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The chain_cursors row that keeps the latest "now" the life watch saw (unix seconds). */
const CLOCK_CURSOR = 'clock';

/**
 * Remembers the clock's latest reading (the later of wall-clock and chain time, see
 * chainNowSeconds), so request paths know "now" as the twins' schedules see it without an RPC call.
 * Never moves back.
 */
export async function recordClock(db: Db, nowSeconds: number): Promise<void> {
  await db
    .insertInto('chain_cursors')
    .values({ name: CLOCK_CURSOR, block: nowSeconds })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({ block: sql<number>`greatest(chain_cursors.block, excluded.block)` }),
    )
    .execute();
}

/** "Now" for the twins' schedules, in unix seconds: the later of wall-clock and the last recorded clock. */
export async function knownClockSeconds(db: Db): Promise<number> {
  const row = await db.selectFrom('chain_cursors').select('block').where('name', '=', CLOCK_CURSOR).executeTakeFirst();
  return Math.max(Math.floor(Date.now() / 1000), row?.block ?? 0);
}
