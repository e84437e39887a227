import { agentLpLockerAbi } from '@fartwin/contracts';
import { encodeFunctionData, isAddressEqual, type PublicClient } from 'viem';
import type { ContractAddresses } from '../platform/chain/contracts.ts';
import { type FeeLocker, NO_FEES } from './fee-locker.ts';

/**
 * The local chain's AgentLpLocker: fees wait in the locked position until `collectRewards` sends
 * them to the twin's wallet. What a claim would pay is the same call, simulated.
 */
export function localFeeLocker(deps: {
  publicClient: PublicClient;
  contracts: () => ContractAddresses | null;
}): FeeLocker {
  const local = () => {
    const found = deps.contracts()?.local;
    if (!found) throw new Error('The local chain has no AgentLpLocker yet: is it bootstrapped?');
    return found;
  };
  const locker: FeeLocker = {
    async available({ token, twinWallet }) {
      const { agentLpLocker, weth9 } = local();
      const { result } = await deps.publicClient.simulateContract({
        account: twinWallet,
        address: agentLpLocker,
        abi: agentLpLockerAbi,
        functionName: 'collectRewards',
        args: [token],
      });
      const [amount0, amount1] = result;
      if (amount0 === 0n && amount1 === 0n) return NO_FEES;
      // The pool orders its tokens by address.
      const tokenIsToken0 = BigInt(token) < BigInt(weth9);
      if (isAddressEqual(token, weth9)) throw new Error('A twin token cannot be WETH');
      return tokenIsToken0 ? { token: amount0, weth: amount1 } : { token: amount1, weth: amount0 };
    },
    async claimCalls({ token, twinWallet }) {
      const fees = await locker.available({ token, twinWallet });
      if (fees.weth === 0n && fees.token === 0n) return [];
      return [
        {
          to: local().agentLpLocker,
          data: encodeFunctionData({ abi: agentLpLockerAbi, functionName: 'collectRewards', args: [token] }),
        },
      ];
    },
  };
  return locker;
}
