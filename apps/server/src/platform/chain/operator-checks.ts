import { fartwinLifeAbi, usdcAbi } from '@fartwin/contracts';
import { BATTERY_PRICE_USDC } from '@fartwin/protocol';
import { formatEther, formatUnits, isAddressEqual, type PublicClient, parseEther } from 'viem';
import type { ContractAddresses } from './contracts.ts';

/** Below these the operator can pay for only a few more deploys: say so before it runs dry. */
export const LOW_BALANCE = { eth: parseEther('0.002'), usdc: 10n * BATTERY_PRICE_USDC } as const;

export interface OperatorBalance {
  eth: bigint;
  usdc: bigint;
  low: boolean;
  /** One line for logs and /health. */
  detail: string;
}

/** The operator's gas (ETH) and battery money (USDC), and whether either is running low. */
export async function operatorBalance(
  chain: PublicClient,
  operator: `0x${string}`,
  contracts: ContractAddresses,
): Promise<OperatorBalance> {
  const [eth, usdc] = await Promise.all([
    chain.getBalance({ address: operator }),
    chain.readContract({ address: contracts.usdc, abi: usdcAbi, functionName: 'balanceOf', args: [operator] }),
  ]);
  const low = eth < LOW_BALANCE.eth || usdc < LOW_BALANCE.usdc;
  const detail = `${formatEther(eth)} ETH, ${formatUnits(usdc, 6)} USDC${low ? ' (low: top it up before deploys fail)' : ''}`;
  return { eth, usdc, low, detail };
}

/**
 * The operator's key is hot (it signs every deploy); the life contract's owner can withdraw what it
 * holds and pause it. Answers a warning when they are the same account, null otherwise.
 */
export async function operatorOwnsLifeContract(
  chain: PublicClient,
  operator: `0x${string}`,
  contracts: ContractAddresses,
): Promise<string | null> {
  const owner = await chain.readContract({
    address: contracts.fartwinLife,
    abi: fartwinLifeAbi,
    functionName: 'owner',
  });
  return isAddressEqual(owner, operator)
    ? `The operator key (${operator}) owns the life contract: move ownership to a cold wallet (transferOwnership, then acceptOwnership)`
    : null;
}
