import { erc20Abi } from '@fartwin/contracts';
import { encodeFunctionData, type Hex, type PublicClient } from 'viem';
import { withinBudget } from '../platform/limits/time-budget.ts';

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
