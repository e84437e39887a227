import { isAddress } from 'viem';
import { withinBudget } from '../platform/limits/time-budget.ts';
import type { FarcasterData } from '../platform/providers/farcaster-data.ts';

/**
 * The addresses of a Farcaster account, where the owner may take the twin's money: its custody
 * address and its verified addresses (Neynar's user object; the local network has custody only).
 * Lower case, without duplicates.
 */
export async function ownerAddresses(
  farcaster: FarcasterData,
  fid: number,
  budgetMs: number,
): Promise<`0x${string}`[]> {
  const user = await withinBudget(farcaster.getUser(fid), budgetMs, "the owner's Farcaster account");
  if (!user) return [];
  const addresses = [user.custodyAddress, ...(user.verifiedAddresses ?? [])]
    .filter((address) => isAddress(address, { strict: false }))
    .map((address) => address.toLowerCase() as `0x${string}`);
  return [...new Set(addresses)];
}
