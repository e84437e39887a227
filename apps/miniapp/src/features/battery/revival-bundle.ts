import { type AppConfig, BATTERY_PRICE_USDC, CHAIN_CLIENT } from '@fartwin/protocol';
import { base } from 'viem/chains';
import type { Config } from 'wagmi';
import { getCapabilities, sendCalls, waitForCallsStatus } from 'wagmi/actions';
import { fartwinLifeAbi, usdcAbi } from '../wallet/abi.ts';
import { extendLifeArgs, revivalProtection } from './revival-quote.ts';

type Contracts = NonNullable<AppConfig['contracts']>;

/** How a bundle ended, as wallet_getCallsStatus reports it: every call landed, or not. */
export type BundleOutcome = 'success' | 'failure';

/**
 * The wallet calls of a one-tap revival (EIP-5792, through wagmi's actions): approve 1 USDC to the
 * life contract and extendLife (with the quoted minimum and deadline of revival-quote.ts) in one
 * wallet_sendCalls, followed with
 * wallet_getCallsStatus. Part of the wallet stack, on its wagmi config and connection.
 */
export function revivalBundleCalls(config: Config, requireContracts: () => Contracts) {
  return {
    /**
     * Whether the connected wallet reports EIP-5792 for Base. A wallet that does not know
     * wallet_getCapabilities (or says nothing for Base) keeps the two-step flow (Allow, then Buy).
     */
    async supportsOneTap(): Promise<boolean> {
      try {
        // Whether or not it is atomic: what landed is read from the chain afterwards.
        return Boolean(await getCapabilities(config, { chainId: base.id }));
      } catch {
        return false;
      }
    },

    /** Sends approve + extendLife as one bundle; resolves with the bundle's id once the wallet took it. */
    async sendRevivalCalls(agentId: string): Promise<string> {
      const contracts = requireContracts();
      const { usdc, fartwinLife } = contracts;
      const protection = await revivalProtection(config, contracts);
      const { id } = await sendCalls(config, {
        chainId: base.id,
        calls: [
          { to: usdc, abi: usdcAbi, functionName: 'approve', args: [fartwinLife, BATTERY_PRICE_USDC] },
          {
            to: fartwinLife,
            abi: fartwinLifeAbi,
            functionName: 'extendLife',
            args: extendLifeArgs(agentId, protection),
          },
        ],
      });
      return id;
    },

    /** Follows the bundle until the wallet says it is done (within the chain client's receipt wait). */
    async waitForRevivalCalls(id: string): Promise<BundleOutcome> {
      const { status } = await waitForCallsStatus(config, { id, timeout: CHAIN_CLIENT.receiptTimeoutMs });
      return status === 'success' ? 'success' : 'failure';
    },
  };
}
