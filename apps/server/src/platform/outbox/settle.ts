import { sql } from 'kysely';
import type { Hex, PublicClient } from 'viem';
import { nonceTakenByAnother, receiptOf, sendSigned } from '../chain/signed-transactions.ts';
import type { Db } from '../db/database.ts';
import { findTransaction, type OutboxKind, type OutboxRow, recordOutcome } from './transactions.ts';

export interface SettleDeps {
  db: Db;
  chain: PublicClient;
  /** Each chain call's time budget. */
  budgetMs: number;
}

/** What a row of each kind says when its transaction reverted. */
export const REVERTED: Record<OutboxKind, string> = {
  withdrawal: 'the transfer reverted',
  keeper: 'reverted',
  relay: 'reverted',
  operator: 'reverted',
};

/** What a row of each kind says when another transaction took its nonce (replaced or dropped). */
export const REPLACED: Record<OutboxKind, string> = {
  withdrawal:
    "another transaction of the twin's wallet took this withdrawal's place (its nonce): nothing was sent by it; ask again",
  keeper: 'replaced: another transaction took the nonce of',
  relay: 'replaced: another transaction of the operator took its nonce; nothing was paid',
  operator: 'replaced: another transaction of the operator took its nonce; its caller signs it again',
};

/**
 * Sends a signed transaction's stored bytes (again, after a crash or a drop: the chain mines them
 * once at most; with `resendAfterSeconds`, only once it was signed that long ago, its signer's own
 * send given its time) and records its outcome once its receipt exists. It never waits for the receipt:
 * one not mined yet stays `sent`, for the next look. A transaction whose nonce another one took
 * (the signer's mined count passed it, with no receipt) can never be mined: a withdrawal or a relay
 * is marked failed; a keeper step goes back to its intent, to be signed again from what was
 * recorded (the operator's own is marked failed, and its caller's retry signs it anew). A node's "nonce too low" is never read as success: only a receipt is. Answers the row
 * as it now stands and whether this call recorded the outcome (once across settlers). A send the
 * node refused, with nothing else decided, is thrown.
 */
export async function settleTransaction(
  deps: SettleDeps,
  id: number,
  options: { resendAfterSeconds?: number } = {},
): Promise<{ row: OutboxRow; recorded: boolean }> {
  const row = await findTransaction(deps.db, id);
  if (row.status !== 'sent' || !row.raw_tx || !row.tx_hash) return { row, recorded: false };
  const raw = row.raw_tx as Hex;
  let refused: unknown = null;
  if (Date.now() - row.updated_at.getTime() >= (options.resendAfterSeconds ?? 0) * 1000) {
    await sendSigned(deps.chain, raw, deps.budgetMs).catch((error: unknown) => {
      refused = error;
    });
  }
  const receipt = await receiptOf(deps.chain, row.tx_hash as Hex, deps.budgetMs);
  if (receipt) {
    const recorded = await recordOutcome(
      deps.db,
      id,
      'sent',
      receipt.status === 'success' ? { status: 'confirmed' } : { status: 'failed', error: REVERTED[row.kind] },
    );
    return { row: await findTransaction(deps.db, id), recorded };
  }
  // Not mined yet, or never to be. A read that fails decides nothing: the next look asks again.
  const replaced = await nonceTakenByAnother(deps.chain, raw, deps.budgetMs).catch(() => false);
  if (!replaced) {
    if (refused) throw refused;
    return { row, recorded: false };
  }
  const recorded =
    row.kind === 'keeper'
      ? await backToIntent(deps.db, row)
      : await recordOutcome(deps.db, id, 'sent', { status: 'failed', error: REPLACED[row.kind] });
  return { row: await findTransaction(deps.db, id), recorded };
}

/** A keeper step whose nonce was taken: its intent again, the replaced hash kept for the operator. */
async function backToIntent(db: Db, row: OutboxRow): Promise<boolean> {
  const result = await db
    .updateTable('outbox_transactions')
    .set({
      status: 'intent',
      raw_tx: null,
      tx_hash: null,
      nonce: null,
      signed_at: null,
      error: `${REPLACED.keeper} ${row.tx_hash}; signed again`,
      updated_at: sql`now()`,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'sent')
    .where('raw_tx', '=', row.raw_tx)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
