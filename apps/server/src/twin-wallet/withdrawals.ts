import { WALLET_TRANSACTIONS_LISTED, type WithdrawableAsset } from '@fartwin/protocol';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { OutboxRow } from '../platform/outbox/index.ts';

/*
 * An owner's withdrawals as the outbox records them (rows of kind `withdrawal`): what counts against
 * the daily caps, what blocks the next one, and what the wallet lists.
 */

/** An intent not signed within this long is never signed: a withdrawal asked for and left (refused as pending, busy, or cut off) cannot be replayed later, when the day's cap no longer sees it. */
export const INTENT_EXPIRES_AFTER_MINUTES = 10;

/** The outbox's key of a withdrawal: one per twin and idempotency key, ever. */
export const withdrawalKey = (agentId: string, idempotencyKey: string) => `withdrawal:${agentId}:${idempotencyKey}`;

/**
 * What counts against a twin's daily caps, per asset, excluding one row: what was signed in the last
 * 24 hours by signing time (sent or confirmed), and intents still pending (not yet expired), which
 * may be signed any moment.
 */
export async function spentToday(
  db: Db,
  agentId: string,
  exceptId: number,
): Promise<Record<WithdrawableAsset, bigint>> {
  const { rows } = await sql<{ asset: WithdrawableAsset; total: string }>`
    select asset, sum(amount)::text as total from outbox_transactions
    where kind = 'withdrawal' and agent_id = ${agentId} and id <> ${exceptId}
      and (
        (status in ('sent', 'confirmed') and signed_at > now() - interval '1 day')
        or (status = 'intent' and expires_at > now())
      )
    group by asset`.execute(db);
  const spent = { usdc: 0n, eth: 0n, token: 0n };
  for (const row of rows) spent[row.asset] = BigInt(row.total);
  return spent;
}

/** Another withdrawal of the twin's signed and not settled yet, which holds the wallet's next nonce. */
export function unsettledWithdrawal(db: Db, agentId: string, exceptId: number): Promise<OutboxRow | undefined> {
  return db
    .selectFrom('outbox_transactions')
    .selectAll()
    .where('kind', '=', 'withdrawal')
    .where('agent_id', '=', agentId)
    .where('status', '=', 'sent')
    .where('id', '<>', exceptId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The twin's last withdrawals, newest first. */
export function latestWithdrawals(db: Db, agentId: string): Promise<OutboxRow[]> {
  return db
    .selectFrom('outbox_transactions')
    .selectAll()
    .where('kind', '=', 'withdrawal')
    .where('agent_id', '=', agentId)
    .orderBy('id', 'desc')
    .limit(WALLET_TRANSACTIONS_LISTED)
    .execute();
}
