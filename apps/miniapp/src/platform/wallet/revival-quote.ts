import { type PayerProtection, quotePayerProtection } from '@fartwin/contracts/protection';
import { type AppConfig, BATTERY_PRICE_USDC } from '@fartwin/protocol';
import { base } from 'viem/chains';
import type { Config } from 'wagmi';
import { getPublicClient } from 'wagmi/actions';

type Contracts = NonNullable<AppConfig['contracts']>;

/**
 * The payer's own protection for a revival's extendLife: Uniswap's QuoterV2 quotes 1 USDC along the
 * life contract's path; the payment must buy the quote less 1 % and be mined within 10 minutes.
 * Null when there is no quoter or the quote fails: the revival then sends the two-argument
 * extendLife, protected by the owner's floor, rather than not reviving the twin at all.
 */
export async function revivalProtection(config: Config, contracts: Contracts): Promise<PayerProtection | null> {
  const { fartwinLife, quoter } = contracts;
  const client = getPublicClient(config, { chainId: base.id });
  if (!quoter || !client) return null;
  try {
    return await quotePayerProtection(client, { fartwinLife, quoter }, BATTERY_PRICE_USDC);
  } catch (error) {
    console.warn("Quoting the revival's swap failed; paying with the owner's floor", error);
    return null;
  }
}

/** extendLife's arguments: four with the payer's protection, the plain two (agentId, amount) without. */
export function extendLifeArgs(agentId: string, protection: PayerProtection | null) {
  return protection
    ? ([agentId, BATTERY_PRICE_USDC, protection.minA0xOut, protection.deadline] as const)
    : ([agentId, BATTERY_PRICE_USDC] as const);
}
