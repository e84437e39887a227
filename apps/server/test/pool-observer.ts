import { sql } from 'kysely';
import type { LockKey } from '../src/platform/db/advisory-locks.ts';
import { createDb, type Db } from '../src/platform/db/database.ts';

/**
 * A connection of the test's own to the app's database, outside the app's pool: it can look at
 * Postgres while the app's connections are all taken (as they were when requests waited for locks).
 */
export function poolObserver(databaseUrl: string) {
  const db: Db = createDb(databaseUrl, { max: 1 });
  return {
    lockWaiters: (key: LockKey) => lockWaiters(db, key),
    /** Sessions waiting for a row (or the transaction holding it), not holding it: `select … for update` behind another. */
    rowLockWaiters: async () => {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_locks
        where not granted and locktype in ('tuple', 'transactionid')`.execute(db);
      return rows[0]!.waiting;
    },
    close: () => db.destroy(),
  };
}

/** Sessions waiting for the advisory lock, not holding it (a two-key lock is objsubid 2 in pg_locks). */
export async function lockWaiters(db: Db, key: LockKey): Promise<number> {
  const { rows } = await sql<{ waiting: number }>`
    select count(*)::int as waiting from pg_locks
    where locktype = 'advisory' and not granted and objsubid = 2
      and classid = ${key.space}::int::oid and objid = ${key.id}::int::oid`.execute(db);
  return rows[0]!.waiting;
}
