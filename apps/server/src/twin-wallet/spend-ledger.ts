import { WALLET_TRANSACTIONS_LISTED } from '@fartwin/protocol';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { TwinWalletSpendsTable } from '../db/schema.ts';

export type SpendRow = Selectable<TwinWalletSpendsTable>;

/** A withdrawal as asked for: what its request key must always mean. */
export interface SpendIntent {
  agentId: string;
  requestKey: string;
  asset: TwinWalletSpendsTable['asset'];
  amount: bigint;
  to: `0x${string}`;
  requestedByFid: number;
}

/**
 * Records the intent under its request key before anything is signed, and answers the row: the one
 * just made, or the one an earlier attempt (a retry, another replica) made under that key.
 */
export async function recordIntent(db: Db, intent: SpendIntent): Promise<SpendRow> {
  await db
    .insertInto('twin_wallet_spends')
    .values({
      agent_id: intent.agentId,
      request_key: intent.requestKey,
      kind: 'withdrawal',
      asset: intent.asset,
      amount: intent.amount.toString(),
      to_address: intent.to.toLowerCase(),
      requested_by_fid: intent.requestedByFid,
    })
    .onConflict((conflict) => conflict.column('request_key').doNothing())
    .execute();
  return db
    .selectFrom('twin_wallet_spends')
    .selectAll()
    .where('request_key', '=', intent.requestKey)
    .executeTakeFirstOrThrow();
}

export function findSpend(db: Db, id: number): Promise<SpendRow> {
  return db.selectFrom('twin_wallet_spends').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The signed transaction, stored before it is sent: from here on only these bytes are ever sent. */
export async function recordSigned(db: Db, id: number, signed: { raw: string; hash: string }): Promise<void> {
  await db
    .updateTable('twin_wallet_spends')
    .set({ status: 'sent', raw_tx: signed.raw, tx_hash: signed.hash, updated_at: sql`now()`, signed_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'intent')
    .execute();
}

/**
 * A spend's outcome: a refusal of an `intent`, or a `sent` one's receipt. Recorded only while the
 * row is still in that state, so two settlers (the job and a withdrawal's own look, two replicas)
 * record it once. Answers whether this call recorded it.
 */
export async function recordOutcome(
  db: Db,
  id: number,
  from: 'intent' | 'sent',
  outcome: { status: 'confirmed' } | { status: 'failed'; error: string },
): Promise<boolean> {
  const result = await db
    .updateTable('twin_wallet_spends')
    .set({ status: outcome.status, error: outcome.status === 'failed' ? outcome.error : null, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Spends still `sent`, signed within a window of ages, oldest first, at most `limit`. */
export async function sentSpendIds(
  db: Db,
  window: { olderThanSeconds: number; youngerThanSeconds?: number; limit: number },
): Promise<number[]> {
  let query = db
    .selectFrom('twin_wallet_spends')
    .select('id')
    .where('status', '=', 'sent')
    .where('updated_at', '<', sql<Date>`now() - make_interval(secs => ${window.olderThanSeconds})`);
  if (window.youngerThanSeconds !== undefined) {
    query = query.where('updated_at', '>=', sql<Date>`now() - make_interval(secs => ${window.youngerThanSeconds})`);
  }
  const rows = await query.orderBy('updated_at').limit(window.limit).execute();
  return rows.map((row) => row.id);
}

/**
 * An intent not signed within this long is never signed: a withdrawal asked for and left (refused
 * as pending, busy, or cut off) cannot be replayed later, when the day's cap no longer sees it.
 */
export const INTENT_EXPIRES_AFTER_MINUTES = 10;

/** Whether an intent is past INTENT_EXPIRES_AFTER_MINUTES, by the database's clock. */
export async function intentExpired(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('twin_wallet_spends')
    .select(sql<boolean>`created_at <= now() - make_interval(mins => ${INTENT_EXPIRES_AFTER_MINUTES})`.as('expired'))
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.expired;
}

/**
 * What counts against a twin's daily caps, per asset, excluding one row: what was signed in the last
 * 24 hours by signing time (sent or confirmed), and intents still pending (not yet expired), which
 * may be signed any moment.
 */
export async function spentToday(
  db: Db,
  agentId: string,
  exceptId: number,
): Promise<Record<SpendRow['asset'], bigint>> {
  const { rows } = await sql<{ asset: SpendRow['asset']; total: string }>`
    select asset, sum(amount)::text as total from twin_wallet_spends
    where agent_id = ${agentId} and id <> ${exceptId}
      and (
        (status in ('sent', 'confirmed') and signed_at > now() - interval '1 day')
        or (status = 'intent' and created_at > now() - make_interval(mins => ${INTENT_EXPIRES_AFTER_MINUTES}))
      )
    group by asset`.execute(db);
  const spent = { usdc: 0n, eth: 0n, token: 0n };
  for (const row of rows) spent[row.asset] = BigInt(row.total);
  return spent;
}

/** Another spend of the twin's signed and not settled yet, which holds the wallet's next nonce. */
export function unsettledSpend(db: Db, agentId: string, exceptId: number): Promise<SpendRow | undefined> {
  return db
    .selectFrom('twin_wallet_spends')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('status', '=', 'sent')
    .where('id', '<>', exceptId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The twin's last spends, newest first. */
export function latestSpends(db: Db, agentId: string): Promise<SpendRow[]> {
  return db
    .selectFrom('twin_wallet_spends')
    .selectAll()
    .where('agent_id', '=', agentId)
    .orderBy('id', 'desc')
    .limit(WALLET_TRANSACTIONS_LISTED)
    .execute();
}
