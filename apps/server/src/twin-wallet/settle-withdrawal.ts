import type { PublicClient } from 'viem';
import { nonceTakenByAnother, receiptOf, sendSigned } from '../chain/signed-transactions.ts';
import type { Db } from '../db/database.ts';
import { findSpend, recordOutcome, type SpendRow } from './spend-ledger.ts';

/** What the owner reads of a withdrawal whose nonce another transaction took. */
const REPLACED =
  "another transaction of the twin's wallet took this withdrawal's place (its nonce): nothing was sent by it; ask again";

export interface SettleDeps {
  db: Db;
  chain: PublicClient;
  /** Each chain call's time budget. */
  budgetMs: number;
}

/**
 * Sends a signed spend again (after a crash or a drop: the same bytes, which the chain mines once
 * at most) and records its outcome once its receipt exists. It never waits for the receipt: a spend
 * not mined yet stays `sent`, for the next look. Answers the row as it now stands, and whether this
 * call recorded the outcome (once across settlers: see recordOutcome).
 *
 * No twinWalletLock: nothing is signed here, and no nonce is taken. The lock keeps two signers off
 * one nonce; a rebroadcast of stored bytes, or a receipt read, cannot collide with a signer (who
 * counts this transaction's nonce as taken, pending or mined, either way).
 */
export async function settleWithdrawal(
  deps: SettleDeps,
  spendId: number,
): Promise<{ row: SpendRow; recorded: boolean }> {
  const row = await findSpend(deps.db, spendId);
  if (row.status !== 'sent' || !row.raw_tx || !row.tx_hash) return { row, recorded: false };
  await sendSigned(deps.chain, row.raw_tx as `0x${string}`, deps.budgetMs);
  const receipt = await receiptOf(deps.chain, row.tx_hash as `0x${string}`, deps.budgetMs);
  if (!receipt) {
    // Not mined yet, or never to be: another transaction took its nonce. Only the latter is failed
    // (nothing left the wallet by it); a read that fails decides nothing, the next look asks again.
    const replaced = await nonceTakenByAnother(deps.chain, row.raw_tx as `0x${string}`, deps.budgetMs).catch(
      () => false,
    );
    if (!replaced) return { row, recorded: false };
    const recorded = await recordOutcome(deps.db, row.id, 'sent', { status: 'failed', error: REPLACED });
    return { row: await findSpend(deps.db, spendId), recorded };
  }
  const recorded = await recordOutcome(
    deps.db,
    row.id,
    'sent',
    receipt.status === 'success' ? { status: 'confirmed' } : { status: 'failed', error: 'the transfer reverted' },
  );
  return { row: await findSpend(deps.db, spendId), recorded };
}
