import { type Account, type Chain, type Hash, parseEventLogs, type Transport, type WalletClient } from 'viem';
import { fartwinLifeAbi, localUsdcAbi } from '../../generated/abis.ts';
import { quoterV2Abi } from '../../generated/uniswap-abis.ts';
import { confirm, withGasHeadroom } from '../../src/local/chain.ts';
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

export async function approveUsdc(chain: TestChain, wallet: Wallet, amount: bigint) {
  return send(
    chain,
    wallet.writeContract({
      address: chain.deployment.usdc,
      abi: localUsdcAbi,
      functionName: 'approve',
      args: [chain.deployment.fartwinLife, amount],
    }),
  );
}

/** Calls extendLife (already approved) with gas headroom, as a wallet would, and waits for success. */
export async function extendLife(chain: TestChain, wallet: Wallet, agentId: string, usdcAmount: bigint) {
  const call = {
    account: wallet.account,
    address: chain.deployment.fartwinLife,
    abi: fartwinLifeAbi,
    functionName: 'extendLife',
    args: [agentId, usdcAmount],
  } as const;
  const gas = withGasHeadroom(await chain.publicClient.estimateContractGas(call));
  return send(chain, wallet.writeContract({ ...call, gas }));
}

/** Approves and pays, as the mini-app does; returns the receipt, its block time and the decoded event. */
export async function buyBattery(chain: TestChain, wallet: Wallet, agentId: string, usdcAmount: bigint) {
  await approveUsdc(chain, wallet, usdcAmount);
  const receipt = await extendLife(chain, wallet, agentId, usdcAmount);
  const [event] = parseEventLogs({ abi: fartwinLifeAbi, logs: receipt.logs, eventName: 'LifeExtended' });
  if (!event) throw new Error('extendLife emitted no LifeExtended');
  const block = await chain.publicClient.getBlock({ blockNumber: receipt.blockNumber });
  return { receipt, event, timestamp: block.timestamp };
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
