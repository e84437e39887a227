import { createHash } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from './database.ts';

/** Lock namespaces (the first key of Postgres' two-key advisory locks). */
export const LOCK_SPACES = {
  deployment: 1,
  operatorWallet: 2,
  lifeWatch: 3,
  /** One LifeExtended index pass at a time (chain/life-indexer.ts), whoever runs it. */
  lifeIndex: 7,
  localFirehose: 4,
  twinSchedule: 5,
  twinPosts: 6,
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

/**
 * Runs `work` holding a session advisory lock, on one pooled connection kept for the duration, so
 * every replica of the server sees it. A crashed holder's lock goes with its connection.
 * `wait: false` gives up at once, answering null, when someone else holds it.
 */
export function withAdvisoryLock<T>(db: Db, key: LockKey, options: { wait: true }, work: () => Promise<T>): Promise<T>;
export function withAdvisoryLock<T>(
  db: Db,
  key: LockKey,
  options: { wait: false },
  work: () => Promise<T>,
): Promise<T | null>;
export async function withAdvisoryLock<T>(
  db: Db,
  key: LockKey,
  options: { wait: boolean },
  work: () => Promise<T>,
): Promise<T | null> {
  return db.connection().execute(async (connection) => {
    if (options.wait) {
      await sql`select pg_advisory_lock(${key.space}::int, ${key.id}::int)`.execute(connection);
    } else {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_lock(${key.space}::int, ${key.id}::int) as locked`.execute(connection);
      if (!rows[0]?.locked) return null;
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key.space}::int, ${key.id}::int)`.execute(connection);
    }
  });
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
