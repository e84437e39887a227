import {
  type Hex,
  keccak256,
  type PublicClient,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  type TransactionSerialized,
} from 'viem';
import { withinBudget } from '../limits/time-budget.ts';

/*
 * A signed transaction's life after signing, shared by every signer of the service (the owners'
 * withdrawals, the fee keeper, the relay): send the stored bytes, read its receipt, and tell a
 * transaction whose nonce another one took.
 */

/**
 * Sends a stored signed transaction, without waiting for it to be mined. Sending the same bytes
 * again (after a crash, or a transaction the mempool dropped) is harmless: they are mined once at
 * most, and the node's answers that it has them already, or mined them, are no failure.
 */
export async function sendSigned(chain: PublicClient, raw: Hex, budgetMs: number): Promise<void> {
  try {
    await withinBudget(
      chain.sendRawTransaction({ serializedTransaction: raw }),
      budgetMs,
      'sending a signed transaction',
    );
  } catch (error) {
    // Geth-style nodes say "already known", anvil "already imported". "Nonce too low" says only
    // that the nonce is used, by this transaction or another: the settlement tells which
    // (nonceTakenByAnother), never this answer.
    if (!/already known|already imported|nonce too low/i.test(String(error))) throw error;
  }
}

/** The transaction's receipt when it is mined; null while it is not (or the chain does not say within the budget). */
export async function receiptOf(chain: PublicClient, hash: Hex, budgetMs: number): Promise<TransactionReceipt | null> {
  try {
    return await withinBudget(chain.getTransactionReceipt({ hash }), budgetMs, "the transaction's receipt");
  } catch {
    return null;
  }
}

/**
 * Whether a signed transaction can never be mined: its sender's mined transactions are past its
 * nonce and it has no receipt, so another transaction took that nonce (another signer of the same
 * key, or a replacement after it was dropped). The count is read before the receipt: a count past
 * the nonce means the nonce was mined by then, and the receipt of this transaction, had it been
 * the one, exists from then on. A receipt read that fails otherwise than "not found" decides nothing.
 */
export async function nonceTakenByAnother(chain: PublicClient, raw: Hex, budgetMs: number): Promise<boolean> {
  const serialized = raw as TransactionSerialized;
  const { nonce } = parseTransaction(serialized);
  if (nonce === undefined) return false;
  const from = await recoverTransactionAddress({ serializedTransaction: serialized });
  const mined = await withinBudget(
    chain.getTransactionCount({ address: from, blockTag: 'latest' }),
    budgetMs,
    "the wallet's mined transactions",
  );
  if (mined <= nonce) return false;
  try {
    await withinBudget(chain.getTransactionReceipt({ hash: keccak256(raw) }), budgetMs, "the transaction's receipt");
    return false;
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return true;
    throw error;
  }
}
