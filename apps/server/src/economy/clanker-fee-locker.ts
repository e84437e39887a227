import { Clanker } from 'clanker-sdk/v4';
import { encodeFunctionData, type PublicClient } from 'viem';
import type { FeeClaimCall, FeeLocker } from './fee-locker.ts';

/** WETH on Base: the other side of every Clanker v4 pool the twins launch. */
export const BASE_WETH = '0x4200000000000000000000000000000000000006' as const;

/**
 * Production: Clanker v4's fee locker on Base, through clanker-sdk. The twin's wallet is every reward
 * recipient of its token (clanker-token-launcher.ts), so its fees in WETH and in its own token wait
 * there, one balance per fee token, until claimed.
 */
export function clankerFeeLocker(deps: { publicClient: PublicClient }): FeeLocker {
  const clanker = new Clanker({ publicClient: deps.publicClient });
  const feeTokens = (token: `0x${string}`) => ({ weth: BASE_WETH, token }) as const;
  const locker: FeeLocker = {
    async available({ token, twinWallet }) {
      const tokens = feeTokens(token);
      const [weth, own] = await Promise.all(
        [tokens.weth, tokens.token].map((feeToken) =>
          clanker.availableRewards({ token: feeToken, rewardRecipient: twinWallet }),
        ),
      );
      return { weth: weth ?? 0n, token: own ?? 0n };
    },
    async claimCalls({ token, twinWallet }) {
      const fees = await locker.available({ token, twinWallet });
      const tokens = feeTokens(token);
      const calls: FeeClaimCall[] = [];
      for (const [feeToken, amount] of [
        [tokens.weth, fees.weth],
        [tokens.token, fees.token],
      ] as const) {
        if (amount === 0n) continue;
        const claim = await clanker.getClaimRewardsTransaction({ token: feeToken, rewardRecipient: twinWallet });
        calls.push({ to: claim.address, data: encodeFunctionData(claim) });
      }
      return calls;
    },
  };
  return locker;
}
