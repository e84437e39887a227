import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** chain_cursors rows: the clock the life watch last saw, and when the LifeExtended index last reached the head. */
const CLOCK = 'clock';
const INDEX_SYNCED_AT = 'life-extended-synced-at';

/** A never-moving-back write of a seconds value into chain_cursors. */
async function recordLatest(db: Db, name: string, seconds: number): Promise<void> {
  await db
    .insertInto('chain_cursors')
    .values({ name, block: seconds })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({ block: sql<number>`greatest(chain_cursors.block, excluded.block)` }),
    )
    .execute();
}

/**
 * Remembers the clock's latest reading (the later of wall-clock and chain time, see
 * chainNowSeconds), so request paths know "now" as lives and schedules see it without an RPC call.
 */
export function recordClock(db: Db, nowSeconds: number): Promise<void> {
  return recordLatest(db, CLOCK, nowSeconds);
}

/** Records that the LifeExtended index holds every event up to the chain's head, as of this wall-clock time. */
export function recordIndexSynced(db: Db, wallClockSeconds = Math.floor(Date.now() / 1000)): Promise<void> {
  return recordLatest(db, INDEX_SYNCED_AT, wallClockSeconds);
}

/** What a request knows about the life index without asking the chain. */
export interface LifeIndexState {
  /** "Now" for lives, unix seconds: the later of wall-clock and the last clock the life watch recorded. */
  nowSeconds: number;
  /** Wall-clock seconds when the index last caught up with the chain; null if it never has. */
  syncedAtSeconds: number | null;
}

/** The chain_cursors rows the index state is made of, as a query: lives.ts reads them in one round with the lives. */
export function lifeIndexStateRows(db: Db) {
  return db.selectFrom('chain_cursors').select(['name', 'block']).where('name', 'in', [CLOCK, INDEX_SYNCED_AT]);
}

/** The index state from its rows (lifeIndexStateRows); rows of other names are ignored. */
export function lifeIndexStateOf(rows: readonly { name: string; block: number }[]): LifeIndexState {
  const value = (name: string) => rows.find((row) => row.name === name)?.block ?? null;
  return {
    nowSeconds: Math.max(Math.floor(Date.now() / 1000), value(CLOCK) ?? 0),
    syncedAtSeconds: value(INDEX_SYNCED_AT),
  };
}

export async function readLifeIndexState(db: Db): Promise<LifeIndexState> {
  return lifeIndexStateOf(await lifeIndexStateRows(db).execute());
}

/** "Now" for the twins' schedules, in unix seconds (see LifeIndexState.nowSeconds). */
export async function knownClockSeconds(db: Db): Promise<number> {
  return (await readLifeIndexState(db)).nowSeconds;
}
