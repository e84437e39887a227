import { createHash } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from './database.ts';

/** Lock namespaces (the first key of Postgres' two-key advisory locks). */
export const LOCK_SPACES = {
  deployment: 1,
  lifeWatch: 3,
  /** One LifeExtended index pass at a time (chain/life-indexer.ts), whoever runs it. */
  lifeIndex: 7,
  localFirehose: 4,
  twinSchedule: 5,
  castWebhooks: 12,
  /** Transaction-level, keyed by hashtext: one author's, then one twin's reply charges at a time (twin-actions/reply-rules.ts). */
  replyChargesAuthor: 21,
  replyChargesTwin: 22,
  /**
   * Session-level, by twinWalletLock: one signer of a twin's own wallet at a time, whoever signs
   * (a withdrawal in twin-wallet/, the fee keeper in economy/): they share its nonce.
   */
  twinWallet: 2604,
  /** Transaction-level: the battery relay's daily caps are counted and taken one claim at a time (relay/). */
  batteryRelayCaps: 2619,
} as const;

export interface LockKey {
  space: number;
  id: number;
}

/** How long a waiting holder (a job, never a request) waits for a lock before it gives up and retries later. */
export const LOCK_WAIT_MS = 30_000;

/** A lock another session held for longer than the waiter's `lock_timeout`: nothing was done. */
export class LockWaitTimeout extends Error {
  override name = 'LockWaitTimeout';
}

/** Postgres' lock_not_available: `lock_timeout` ran out. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Runs `work` holding a session advisory lock, on one pooled connection kept for the duration, so
 * every replica of the server sees it. A crashed holder's lock goes with its connection.
 *
 * `work` gets that connection and runs its queries on it: a holder that needed a second pooled
 * connection could wait for one behind the very sessions waiting for its lock, and stall the pool.
 * `wait: false` gives up at once, answering null, when someone else holds it (what a request does:
 * it answers "busy, try again" rather than keep a pooled connection waiting). `wait: true` waits at
 * most `timeoutMs` (LOCK_WAIT_MS), then throws LockWaitTimeout, so no session waits without end.
 */
export function withAdvisoryLock<T>(
  db: Db,
  key: LockKey,
  options: { wait: true; timeoutMs?: number },
  work: (connection: Db) => Promise<T>,
): Promise<T>;
export function withAdvisoryLock<T>(
  db: Db,
  key: LockKey,
  options: { wait: false },
  work: (connection: Db) => Promise<T>,
): Promise<T | null>;
export async function withAdvisoryLock<T>(
  db: Db,
  key: LockKey,
  options: { wait: boolean; timeoutMs?: number },
  work: (connection: Db) => Promise<T>,
): Promise<T | null> {
  return db.connection().execute(async (connection) => {
    if (options.wait) {
      const timeoutMs = Math.max(1, Math.round(options.timeoutMs ?? LOCK_WAIT_MS));
      try {
        // The timeout set and the lock taken in one transaction: `set local` ends with it, while
        // the session lock stays held until it is unlocked.
        await connection.transaction().execute(async (trx) => {
          await sql`select set_config('lock_timeout', ${`${timeoutMs}ms`}, true)`.execute(trx);
          await sql`select pg_advisory_lock(${key.space}::int, ${key.id}::int)`.execute(trx);
        });
      } catch (error) {
        throw lockError(error, key, timeoutMs);
      }
    } else {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_lock(${key.space}::int, ${key.id}::int) as locked`.execute(connection);
      if (!rows[0]?.locked) return null;
    }
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${key.space}::int, ${key.id}::int)`.execute(connection);
    }
  });
}

/** How long a request's transaction waits for a transaction-level lock another holds for a few queries. */
export const REQUEST_LOCK_WAIT_MS = 2_000;

/**
 * Takes a transaction-level advisory lock (released at commit or rollback), waiting at most
 * `timeoutMs`, then LockWaitTimeout: a transaction never keeps its pooled connection waiting without end.
 */
export async function transactionLock(trx: Db, key: LockKey, timeoutMs = REQUEST_LOCK_WAIT_MS): Promise<void> {
  await sql`select set_config('lock_timeout', ${`${Math.max(1, Math.round(timeoutMs))}ms`}, true)`.execute(trx);
  try {
    await sql`select pg_advisory_xact_lock(${key.space}::int, ${key.id}::int)`.execute(trx);
  } catch (error) {
    throw lockError(error, key, timeoutMs);
  }
}

/**
 * Runs `work` in the transaction `trx` with every row lock it takes waiting at most `timeoutMs`
 * (`lock_timeout`, for this transaction only), then LockWaitTimeout naming `what`.
 */
export async function withRowLockTimeout<T>(
  trx: Db,
  timeoutMs: number,
  what: string,
  work: () => Promise<T>,
): Promise<T> {
  const ms = Math.max(1, Math.round(timeoutMs));
  await sql`select set_config('lock_timeout', ${`${ms}ms`}, true)`.execute(trx);
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === LOCK_NOT_AVAILABLE) {
      throw new LockWaitTimeout(`${what} stayed locked for ${ms} ms`);
    }
    throw error;
  }
}

/** Postgres' lock_not_available (`lock_timeout` ran out) as LockWaitTimeout; any other error as it is. */
function lockError(error: unknown, key: LockKey, timeoutMs: number): unknown {
  return (error as { code?: unknown } | null)?.code === LOCK_NOT_AVAILABLE
    ? new LockWaitTimeout(`The lock (${key.space}, ${key.id}) stayed held for ${timeoutMs} ms`)
    : error;
}

/** SQL: whether any session, on any replica, holds the lock (a two-key lock is objsubid 2 in pg_locks). */
export function advisoryLockHeld(space: number, id: number | RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`exists (
    select 1 from pg_locks
    where locktype = 'advisory' and granted and objsubid = 2
      and database = (select oid from pg_database where datname = current_database())
      and classid = ${space}::int::oid and objid = ${id}::int::oid)`;
}

/** The lock every signer of a twin's own wallet holds while it signs and sends (its nonce is theirs). */
export function twinWalletLock(agentId: string): LockKey {
  return { space: LOCK_SPACES.twinWallet, id: createHash('sha256').update(agentId).digest().readInt32BE(0) };
}
