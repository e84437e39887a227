import { type AppConfig, BATTERY_PRICE_USDC, CHAIN_CLIENT } from '@fartwin/protocol';
import { base } from 'viem/chains';
import type { Config } from 'wagmi';
import { getCapabilities, sendCalls, waitForCallsStatus } from 'wagmi/actions';
import { fartwinLifeAbi, usdcAbi } from './abi.ts';
import { extendLifeArgs, revivalProtection } from './revival-quote.ts';

type Contracts = NonNullable<AppConfig['contracts']>;

/** How a bundle ended, as wallet_getCallsStatus reports it: every call landed, or not. */
export type BundleOutcome = 'success' | 'failure';

/**
 * What the wallet says of sending calls together on Base (wallet_getCapabilities): 'atomic' (all or
 * nothing: a Base Account), 'bundles' (together, each call on its own), or 'none'.
 */
export type BundleSupport = 'atomic' | 'bundles' | 'none';

/**
 * The wallet calls of a one-tap revival (EIP-5792, through wagmi's actions): approve 1 USDC to the
 * life contract and extendLife (with the quoted minimum and deadline of revival-quote.ts) in one
 * wallet_sendCalls, followed with wallet_getCallsStatus. The bundle carries the app's builder code
 * (`dataSuffix`) as the dataSuffix capability, which the wallet may ignore. Part of the wallet
 * stack, on its wagmi config and connection.
 */
export function revivalBundleCalls(
  config: Config,
  requireContracts: () => Contracts,
  dataSuffix: `0x${string}` | undefined,
) {
  return {
    /**
     * How the connected wallet sends calls together on Base. A wallet that does not know
     * wallet_getCapabilities (or says nothing for Base) keeps the two-step flow.
     */
    async bundleSupport(): Promise<BundleSupport> {
      try {
        const capabilities = await getCapabilities(config, { chainId: base.id });
        if (!capabilities) return 'none';
        const status = capabilities.atomic?.status;
        // What landed of a non-atomic bundle is read from the chain afterwards.
        return status === 'supported' || status === 'ready' ? 'atomic' : 'bundles';
      } catch {
        return 'none';
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
        ...(dataSuffix ? { capabilities: { dataSuffix: { value: dataSuffix, optional: true } } } : {}),
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
