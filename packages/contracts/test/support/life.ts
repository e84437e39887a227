import { randomUUID } from 'node:crypto';
import type { Account, Chain, Hash, Transport, WalletClient } from 'viem';
import { fartwinLifeAbi, localUsdcAbi } from '../../generated/abis.ts';
import { quoterV2Abi } from '../../generated/uniswap-abis.ts';
import { approveBatteryPayment, extendLife as extendLifeWithHeadroom, payForBattery } from '../../src/battery.ts';
import type { PayerProtection } from '../../src/protection.ts';
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
export function extendLife(
  chain: TestChain,
  wallet: Wallet,
  agentId: string,
  usdcAmount: bigint,
  protection?: PayerProtection,
) {
  return extendLifeWithHeadroom(chain.publicClient, wallet, chain.deployment, agentId, usdcAmount, { protection });
}

/** Approves and pays, as the mini-app does; returns the receipt, its block time and the decoded event. */
export async function buyBattery(
  chain: TestChain,
  wallet: Wallet,
  agentId: string,
  usdcAmount: bigint,
  protection?: PayerProtection,
) {
  const { receipt, event } = await payForBattery(chain.publicClient, wallet, chain.deployment, agentId, usdcAmount, {
    protection,
  });
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

const agentIds = new Map<string, string>();

/**
 * The agent id a test calls `name`, in the only form the contract takes: the lowercase UUID the
 * server issues (crypto.randomUUID()). The same name gives the same id within a test file.
 */
export function agentIdFor(name: string): string {
  let id = agentIds.get(name);
  if (!id) {
    id = randomUUID();
    agentIds.set(name, id);
  }
  return id;
}

/** FartwinLife's CHANGE_DELAY: an announced change of a setting waits this long. */
export const CHANGE_DELAY = 2n * DAY;

/** The owner's delayed settings, with the value each takes. */
export type SettingChange =
  | { setting: 'BurnAddress'; value: `0x${string}` }
  | { setting: 'SwapPath'; value: `0x${string}` }
  | { setting: 'MinA0xPerUsdc'; value: bigint };

/** The owner announces a change of a setting (propose…); resolves with the receipt. */
export function proposeChange(chain: TestChain, change: SettingChange) {
  const life = { address: chain.deployment.fartwinLife, abi: fartwinLifeAbi } as const;
  const { operator } = chain;
  switch (change.setting) {
    case 'BurnAddress':
      return send(chain, operator.writeContract({ ...life, functionName: 'proposeBurnAddress', args: [change.value] }));
    case 'SwapPath':
      return send(chain, operator.writeContract({ ...life, functionName: 'proposeSwapPath', args: [change.value] }));
    case 'MinA0xPerUsdc':
      return send(
        chain,
        operator.writeContract({ ...life, functionName: 'proposeMinA0xPerUsdc', args: [change.value] }),
      );
  }
}

/** Moves the chain's clock forward by `seconds` and mines a block. */
export async function passTime(chain: TestChain, seconds: bigint) {
  await chain.testClient.increaseTime({ seconds: Number(seconds) });
  await chain.testClient.mine({ blocks: 1 });
}

/** Announces a change, lets the delay pass on the chain, and executes it, as the owner would. */
export async function changeSetting(chain: TestChain, change: SettingChange) {
  await proposeChange(chain, change);
  await passTime(chain, CHANGE_DELAY);
  const life = { address: chain.deployment.fartwinLife, abi: fartwinLifeAbi } as const;
  return send(chain, chain.operator.writeContract({ ...life, functionName: `execute${change.setting}` }));
}
