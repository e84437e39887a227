import { farcasterMiniApp } from '@farcaster/miniapp-wagmi-connector';
import { type AppConfig, CHAIN_CLIENT } from '@fartwin/protocol';
import { base } from 'viem/chains';
import { type CreateConnectorFn, createConfig, http } from 'wagmi';

/**
 * The wagmi config (part of the wallet stack, loaded after the first paint): Base, the frame's built-in wallet as the only connector, and the
 * chain client settings (10 s timeout, batches of 1000, 3 retries from 150 ms, 4 s polling).
 */
export function createWagmiConfig(
  appConfig: Pick<AppConfig, 'rpcUrl'>,
  /** Web mode (outside a Farcaster client) passes the browser's wallets instead. */
  connectors: CreateConnectorFn[] = [farcasterMiniApp()],
) {
  return createConfig({
    chains: [base],
    connectors,
    transports: {
      [base.id]: http(appConfig.rpcUrl, {
        timeout: CHAIN_CLIENT.httpTimeoutMs,
        retryCount: CHAIN_CLIENT.retryCount,
        retryDelay: CHAIN_CLIENT.retryDelayMs,
        batch: { batchSize: CHAIN_CLIENT.batchSize },
      }),
    },
    pollingInterval: CHAIN_CLIENT.pollingIntervalMs,
    // Reads go out as plain eth_calls, batched by the transport: the local chain has no Multicall3.
    batch: { multicall: false },
    // The wallet lives in the host: nothing to persist between sessions.
    storage: null,
  });
}
