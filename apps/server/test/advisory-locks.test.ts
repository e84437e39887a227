import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockWaitTimeout, transactionLock, withAdvisoryLock } from '../src/platform/db/advisory-locks.ts';
import { createDb, type Db } from '../src/platform/db/database.ts';
import { createTestDatabase } from './harness.ts';
import { holdLock } from './hold-lock.ts';
import { poolObserver } from './pool-observer.ts';

const KEY = { space: 9_001, id: 7 };

/**
 * The locks that keep replicas apart never make a session wait without end, and the locked work
 * needs no pooled connection besides the lock's own.
 */
describe('advisory locks', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let holderDb: Db;
  let observer: ReturnType<typeof poolObserver>;

  beforeAll(async () => {
    database = await createTestDatabase();
    holderDb = createDb(database.url, { max: 1 });
    observer = poolObserver(database.url);
  });
  afterAll(async () => {
    await observer?.close();
    await holderDb?.destroy();
    await database?.drop();
  });

  /** Holds KEY on a session of its own until `release` is called. */
  const holdKey = () => holdLock(holderDb, KEY);

  it('runs the locked work on the lock’s own connection: a pool of one is enough', async () => {
    const single = createDb(database.url, { max: 1 });
    try {
      // Any query on the pool inside the work would wait for the one connection the lock holds.
      const answer = await withAdvisoryLock(single, KEY, { wait: true }, async (connection) => {
        const { rows } = await sql<{ one: number }>`select 1 as one`.execute(connection);
        return rows[0]!.one;
      });
      expect(answer).toBe(1);
    } finally {
      await single.destroy();
    }
  });

  it('a try-lock answers null at once while another session holds it, and runs nothing', async () => {
    const holder = await holdKey();
    let ran = false;
    const tried = await withAdvisoryLock(database.db, KEY, { wait: false }, async () => {
      ran = true;
    });
    expect({ tried, ran }).toEqual({ tried: null, ran: false });
    holder.release();
    expect(await holder.done).toBe(true);
  });

  it('a waiting session gets the lock once it is released', async () => {
    const holder = await holdKey();
    const waiter = withAdvisoryLock(database.db, KEY, { wait: true, timeoutMs: 60_000 }, async () => 'ran');
    // Released only once Postgres shows the waiter waiting.
    await expect.poll(() => observer.lockWaiters(KEY), { timeout: 30_000, interval: 20 }).toBe(1);
    holder.release();
    expect(await waiter).toBe('ran');
    expect(await holder.done).toBe(true);
  });

  it('a waiting session gives up after its lock_timeout with LockWaitTimeout, and the next one can lock', async () => {
    const holder = await holdKey();
    let ran = false;
    const waiter = withAdvisoryLock(database.db, KEY, { wait: true, timeoutMs: 200 }, async () => {
      ran = true;
    });
    await expect(waiter).rejects.toBeInstanceOf(LockWaitTimeout);
    expect(ran).toBe(false);
    expect(await observer.lockWaiters(KEY)).toBe(0);
    // The timeout stayed with the lock's wait: the connection's later statements have none.
    const { rows } = await sql<{ timeout: string }>`select current_setting('lock_timeout') as timeout`.execute(
      database.db,
    );
    expect(rows[0]!.timeout).toBe('0');
    holder.release();
    await holder.done;
    expect(await withAdvisoryLock(database.db, KEY, { wait: true }, async () => 'ran')).toBe('ran');
  });

  it('a transaction-level lock waits at most its timeout too', async () => {
    const holder = await holdKey();
    await expect(database.db.transaction().execute((trx) => transactionLock(trx, KEY, 200))).rejects.toBeInstanceOf(
      LockWaitTimeout,
    );
    holder.release();
    await holder.done;
    await database.db.transaction().execute((trx) => transactionLock(trx, KEY, 200));
  });
});
