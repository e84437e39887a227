import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { OutboxTransactionsTable } from '../db/schema.ts';

/*
 * The outbox's rows: every transaction the service signs, for whichever caller (an owner's
 * withdrawal, a fee keeper step, a relayed battery), recorded before anything is signed under the
 * caller's exactly-once key, then the signed bytes (stored before they are sent), then the outcome.
 */

export type OutboxRow = Selectable<OutboxTransactionsTable>;
export type OutboxKind = OutboxRow['kind'];

/** What the transaction does: where, with what call data and value. */
export interface OutboxCall {
  to: `0x${string}`;
  data?: `0x${string}`;
  value?: bigint;
}

/** The caller's own record of what it asked for (a withdrawal's asset, a keeper's period and step, a relay's payer). */
export type OutboxDetails = Omit<
  Insertable<OutboxTransactionsTable>,
  | 'id'
  | 'kind'
  | 'key'
  | 'agent_id'
  | 'signer'
  | 'tx_to'
  | 'call_data'
  | 'value_wei'
  | 'status'
  | 'nonce'
  | 'raw_tx'
  | 'tx_hash'
  | 'error'
  | 'expires_at'
  | 'created_at'
  | 'updated_at'
  | 'signed_at'
>;

export interface OutboxIntent {
  kind: OutboxKind;
  /** The exactly-once key: one row per key, ever. */
  key: string;
  agentId: string | null;
  signer: `0x${string}`;
  call: OutboxCall;
  /** An intent not signed within this long is never signed. */
  expiresInSeconds: number;
  details?: OutboxDetails;
}

/** What an intent that was never signed in time says (the sweep, or a signer that came too late). */
export const EXPIRED = 'expired: never signed in time';

/**
 * Records the intent under its key before anything is signed, and answers the row: the one just
 * made, or the one an earlier attempt (a retry, another replica) made under that key.
 */
export async function recordIntent(db: Db, intent: OutboxIntent): Promise<OutboxRow> {
  await db
    .insertInto('outbox_transactions')
    .values({
      ...intent.details,
      kind: intent.kind,
      key: intent.key,
      agent_id: intent.agentId,
      signer: intent.signer.toLowerCase(),
      tx_to: intent.call.to,
      call_data: intent.call.data ?? '0x',
      value_wei: String(intent.call.value ?? 0n),
      expires_at: sql<Date>`now() + make_interval(secs => ${intent.expiresInSeconds})`,
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  return findByKey(db, intent.key).then((row) => row!);
}

export function findTransaction(db: Db, id: number): Promise<OutboxRow> {
  return db.selectFrom('outbox_transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function findByKey(db: Db, key: string): Promise<OutboxRow | undefined> {
  return db.selectFrom('outbox_transactions').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Whether the intent is past its time to be signed, by the database's clock. */
export async function intentExpired(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('outbox_transactions')
    .select(sql<boolean>`expires_at <= now()`.as('expired'))
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.expired;
}

/**
 * An outcome recorded only while the row is still in `from`, so two settlers (a job and a request,
 * two replicas) record it once. Answers whether this call recorded it.
 */
export async function recordOutcome(
  db: Db,
  id: number,
  from: 'intent' | 'sent',
  outcome: { status: 'confirmed' } | { status: 'failed'; error: string },
): Promise<boolean> {
  const result = await db
    .updateTable('outbox_transactions')
    // A confirmed one keeps what its record says of a transaction it replaced.
    .set(
      outcome.status === 'failed'
        ? { status: 'failed', error: outcome.error, updated_at: sql`now()` }
        : { status: 'confirmed', updated_at: sql`now()` },
    )
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Removes an intent nothing was signed for (a caller giving its claim back): true when it did. */
export async function dropUnsigned(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('outbox_transactions')
    .where('id', '=', id)
    .where('status', '=', 'intent')
    .where('raw_tx', 'is', null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Rows still `sent`, last touched within a window of ages, oldest first, at most `limit`. */
export async function sentTransactionIds(
  db: Db,
  window: { olderThanSeconds: number; youngerThanSeconds?: number; limit: number },
): Promise<number[]> {
  let query = db
    .selectFrom('outbox_transactions')
    .select('id')
    .where('status', '=', 'sent')
    .where('updated_at', '<', sql<Date>`now() - make_interval(secs => ${window.olderThanSeconds})`);
  if (window.youngerThanSeconds !== undefined) {
    query = query.where('updated_at', '>=', sql<Date>`now() - make_interval(secs => ${window.youngerThanSeconds})`);
  }
  const rows = await query.orderBy('updated_at').limit(window.limit).execute();
  return rows.map((row) => row.id);
}

/** Marks at most `limit` intents past their time failed (EXPIRED): nothing was signed for them. Answers how many. */
export async function expireIntents(db: Db, limit: number): Promise<number> {
  const result = await db
    .updateTable('outbox_transactions')
    .set({ status: 'failed', error: EXPIRED, updated_at: sql`now()` })
    .where('id', 'in', (select) =>
      select
        .selectFrom('outbox_transactions')
        .select('id')
        .where('status', '=', 'intent')
        .where('expires_at', '<=', sql<Date>`now()`)
        .orderBy('expires_at')
        .limit(limit),
    )
    .where('status', '=', 'intent')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
