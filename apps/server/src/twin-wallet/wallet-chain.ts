import { erc20Abi } from '@fartwin/contracts';
import {
  type Account,
  type Chain,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  type TransactionSerialized,
} from 'viem';
import { base } from 'viem/chains';
import { withinBudget } from '../limits/time-budget.ts';

/** What the twin's wallet holds, in base units. */
export interface WalletBalances {
  eth: bigint;
  usdc: bigint;
  token: bigint;
}

/** The balances, read together within the time budget. */
export function readBalances(
  chain: PublicClient,
  wallet: { address: `0x${string}`; usdc: `0x${string}`; token: `0x${string}` },
  budgetMs: number,
): Promise<WalletBalances> {
  const erc20Balance = (token: `0x${string}`) =>
    chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [wallet.address] });
  return withinBudget(
    Promise.all([
      chain.getBalance({ address: wallet.address }),
      erc20Balance(wallet.usdc),
      erc20Balance(wallet.token),
    ]).then(([eth, usdc, token]) => ({ eth, usdc, token })),
    budgetMs,
    "the twin's wallet balances",
  );
}

/** The twin's token's supply, which its daily withdrawal cap is a share of. */
export function readTokenSupply(chain: PublicClient, token: `0x${string}`, budgetMs: number): Promise<bigint> {
  return withinBudget(
    chain.readContract({ address: token, abi: erc20Abi, functionName: 'totalSupply' }),
    budgetMs,
    "the twin's token supply",
  );
}

/** A transaction signed, not sent: what the ledger stores before anything leaves the server. */
export interface SignedTransfer {
  raw: Hex;
  hash: Hex;
  /** The most it may cost in gas (gas limit × max fee), which the ETH reserve must cover. */
  maxGasCost: bigint;
}

/** A transfer of one asset as the transaction that makes it: a plain value transfer, or an ERC-20 `transfer`. */
export interface TransferCall {
  to: `0x${string}`;
  value: bigint;
  data?: Hex;
}

/** ETH: sent as the transaction's value. */
export const ethTransfer = (to: `0x${string}`, amount: bigint): TransferCall => ({ to, value: amount });

/** An ERC-20 (USDC, the twin's token): the token's `transfer(to, amount)`. */
export const erc20Transfer = (token: `0x${string}`, to: `0x${string}`, amount: bigint): TransferCall => ({
  to: token,
  value: 0n,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
});

/** Signs a transfer from the twin's account, at the account's next nonce; every chain call within the budget. */
export async function signTransfer(
  chain: PublicClient,
  rpcUrl: string,
  account: Account,
  call: TransferCall,
  budgetMs: number,
): Promise<SignedTransfer> {
  const wallet = createWalletClient({ account, chain: base as Chain, transport: http(rpcUrl) });
  const request = await withinBudget(
    (async () =>
      wallet.prepareTransactionRequest({
        ...call,
        // The pending count: a transfer of this wallet's still in the mempool keeps its nonce.
        nonce: await chain.getTransactionCount({ address: account.address, blockTag: 'pending' }),
      }))(),
    budgetMs,
    'preparing the withdrawal',
  );
  const raw = await wallet.signTransaction(request);
  return { raw, hash: keccak256(raw), maxGasCost: request.gas * (request.maxFeePerGas ?? 0n) };
}

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
    return await withinBudget(chain.getTransactionReceipt({ hash }), budgetMs, "the withdrawal's receipt");
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
    await withinBudget(chain.getTransactionReceipt({ hash: keccak256(raw) }), budgetMs, "the withdrawal's receipt");
    return false;
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return true;
    throw error;
  }
}
