import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** chain_cursors rows: the life index's clock (see recordLifeIndexClock), and when the LifeExtended index last reached the head. */
const CLOCK = 'clock';
const INDEX_SYNCED_AT = 'life-extended-synced-at';

/** A never-moving-back write of a seconds value into chain_cursors; answers the value kept. */
async function recordLatest(db: Db, name: string, seconds: number): Promise<number> {
  const row = await db
    .insertInto('chain_cursors')
    .values({ name, block: seconds })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({ block: sql<number>`greatest(chain_cursors.block, excluded.block)` }),
    )
    .returning('block')
    .executeTakeFirstOrThrow();
  return row.block;
}

/**
 * Records the life index's clock: "now" as lives are judged, the chain time up to which the
 * LifeExtended index holds every event (syncLifeIndex reads it from the last block indexed). A
 * revival in a later block is not in agent_lives yet, so no twin is judged dead past this time.
 * Never moves back; answers the clock kept.
 */
export function recordLifeIndexClock(db: Db, seconds: number): Promise<number> {
  return recordLatest(db, CLOCK, seconds);
}

/** The life index's clock as last recorded (recordLifeIndexClock); wall-clock before its first pass. */
export async function lifeIndexClockSeconds(db: Db): Promise<number> {
  const row = await db.selectFrom('chain_cursors').select('block').where('name', '=', CLOCK).executeTakeFirst();
  return row?.block ?? Math.floor(Date.now() / 1000);
}

/** Records that the LifeExtended index holds every event up to the chain's head, as of this wall-clock time. */
export async function recordIndexSynced(db: Db, wallClockSeconds = Math.floor(Date.now() / 1000)): Promise<void> {
  await recordLatest(db, INDEX_SYNCED_AT, wallClockSeconds);
}

/** What a request knows about the life index without asking the chain. */
export interface LifeIndexState {
  /**
   * "Now" for lives on request paths, unix seconds: the later of wall-clock and the life index's
   * clock. Wall-clock goes on while the index is stale (a stopped watch); readIndexedLife then proves
   * no death from the index, and Lives.isAlive asks the contract before calling a twin dead.
   */
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

/**
 * "Now" for the schedules' bookkeeping (when a switch went on, a draft's age), unix seconds (see
 * LifeIndexState.nowSeconds). A background decision on a twin's life (a notice, a post slot) takes
 * the life index's clock instead: syncLifeIndex's answer, or lifeIndexClockSeconds.
 */
export async function knownClockSeconds(db: Db): Promise<number> {
  return (await readLifeIndexState(db)).nowSeconds;
}
