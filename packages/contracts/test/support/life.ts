import type { Account, Chain, Hash, Transport, WalletClient } from 'viem';
import { fartwinLifeAbi, localUsdcAbi } from '../../generated/abis.ts';
import { quoterV2Abi } from '../../generated/uniswap-abis.ts';
import { approveBatteryPayment, extendLife as extendLifeWithHeadroom, payForBattery } from '../../src/battery.ts';
import { confirm } from '../../src/transactions.ts';
import type { TestChain } from './chain.ts';

type Wallet = WalletClient<Transport, Chain, Account>;

/** FartwinLife's ABI plus the errors USDC can bubble up through SafeERC20. */
export const lifeAndTokenErrorsAbi = [
  ...fartwinLifeAbi,
  ...localUsdcAbi.filter(
    (item) => item.type === 'error' && !fartwinLifeAbi.some((own) => own.type === 'error' && own.name === item.name),
  ),
] as const;

export async function send(chain: TestChain, hash: Promise<Hash>) {
  return confirm(chain.publicClient, await hash);
}

export function approveUsdc(chain: TestChain, wallet: Wallet, amount: bigint) {
  return approveBatteryPayment(chain.publicClient, wallet, chain.deployment, amount);
}

/** Calls extendLife (already approved) with gas headroom, as a wallet would, and waits for success. */
export function extendLife(chain: TestChain, wallet: Wallet, agentId: string, usdcAmount: bigint) {
  return extendLifeWithHeadroom(chain.publicClient, wallet, chain.deployment, agentId, usdcAmount);
}

/** Approves and pays, as the mini-app does; returns the receipt, its block time and the decoded event. */
export async function buyBattery(chain: TestChain, wallet: Wallet, agentId: string, usdcAmount: bigint) {
  const { receipt, event } = await payForBattery(chain.publicClient, wallet, chain.deployment, agentId, usdcAmount);
  const block = await chain.publicClient.getBlock({ blockNumber: receipt.blockNumber });
  return { receipt, event, timestamp: block.timestamp };
}

/** Mints local USDC (the operator owns the local USDC contract). */
export function mintUsdc(chain: TestChain, to: `0x${string}`, amount: bigint) {
  return send(
    chain,
    chain.operator.writeContract({
      address: chain.deployment.usdc,
      abi: localUsdcAbi,
      functionName: 'mint',
      args: [to, amount],
    }),
  );
}

/** Sends USDC from a wallet, e.g. straight to the life contract by mistake. */
export function transferUsdc(chain: TestChain, from: Wallet, to: `0x${string}`, amount: bigint) {
  return send(
    chain,
    from.writeContract({
      address: chain.deployment.usdc,
      abi: localUsdcAbi,
      functionName: 'transfer',
      args: [to, amount],
    }),
  );
}

export function readLife(
  chain: TestChain,
  functionName: 'agentTimeToDeath' | 'getExpirationTime' | 'getRemainingLife' | 'getRemainingDays',
  agentId: string,
) {
  return chain.publicClient.readContract({
    address: chain.deployment.fartwinLife,
    abi: fartwinLifeAbi,
    functionName,
    args: [agentId],
  });
}

export function isAlive(chain: TestChain, agentId: string) {
  return chain.publicClient.readContract({
    address: chain.deployment.fartwinLife,
    abi: fartwinLifeAbi,
    functionName: 'isAgentAlive',
    args: [agentId],
  });
}

/** What the pool gives for `usdcAmount` along FartwinLife's current path, quoted by Uniswap's QuoterV2. */
export async function quoteA0xOut(chain: TestChain, usdcAmount: bigint): Promise<bigint> {
  const path = await chain.publicClient.readContract({
    address: chain.deployment.fartwinLife,
    abi: fartwinLifeAbi,
    functionName: 'swapPath',
  });
  const { result } = await chain.publicClient.simulateContract({
    address: chain.deployment.quoter,
    abi: quoterV2Abi,
    functionName: 'quoteExactInput',
    args: [path, usdcAmount],
  });
  return result[0];
}

export function tokenBalance(chain: TestChain, token: `0x${string}`, owner: `0x${string}`) {
  return chain.publicClient.readContract({
    address: token,
    abi: localUsdcAbi,
    functionName: 'balanceOf',
    args: [owner],
  });
}

export const DAY = 24n * 60n * 60n;
export const USDC = 1_000_000n;
