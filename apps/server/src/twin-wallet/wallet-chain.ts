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
  type TransactionReceipt,
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

/** A transaction signed, not sent: what the ledger stores before anything leaves the server. */
export interface SignedTransfer {
  raw: Hex;
  hash: Hex;
  /** The most it may cost in gas (gas limit × max fee), which the ETH reserve must cover. */
  maxGasCost: bigint;
}

/** Signs an ERC-20 transfer from the twin's account, at the account's next nonce. */
export async function signTokenTransfer(
  chain: PublicClient,
  rpcUrl: string,
  account: Account,
  transfer: { token: `0x${string}`; to: `0x${string}`; amount: bigint },
  budgetMs: number,
): Promise<SignedTransfer> {
  const wallet = createWalletClient({ account, chain: base as Chain, transport: http(rpcUrl) });
  const request = await withinBudget(
    wallet.prepareTransactionRequest({
      to: transfer.token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [transfer.to, transfer.amount] }),
      // The pending count: a transfer of this wallet's still in the mempool keeps its nonce.
      nonce: await chain.getTransactionCount({ address: account.address, blockTag: 'pending' }),
    }),
    budgetMs,
    'preparing the withdrawal',
  );
  const raw = await wallet.signTransaction(request);
  return { raw, hash: keccak256(raw), maxGasCost: request.gas * (request.maxFeePerGas ?? 0n) };
}

/**
 * Sends a stored signed transaction (again: the same bytes can be mined once only, so a resend after
 * a crash is harmless) and waits for its receipt; null when it is not mined within the budget.
 */
export async function sendAndWait(
  chain: PublicClient,
  raw: Hex,
  hash: Hex,
  budgetMs: number,
): Promise<TransactionReceipt | null> {
  try {
    await withinBudget(chain.sendRawTransaction({ serializedTransaction: raw }), budgetMs, 'sending the withdrawal');
  } catch (error) {
    // Already known or already mined (a resend): the receipt below says which.
    const mined = await chain.getTransactionReceipt({ hash }).catch(() => null);
    if (mined) return mined;
    if (!/already known|nonce too low/i.test(String(error))) throw error;
  }
  try {
    return await chain.waitForTransactionReceipt({ hash, timeout: budgetMs });
  } catch {
    return null;
  }
}
