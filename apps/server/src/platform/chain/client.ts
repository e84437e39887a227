import { CHAIN_CLIENT } from '@fartwin/protocol';
import { createPublicClient, type Hex, http, type PublicClient } from 'viem';
import { base } from 'viem/chains';
import { withBuilderCode } from './builder-code.ts';

/**
 * A read client for Base (or the local chain posing as Base), with the chain client's
 * settings (CHAIN_CLIENT: timeout, batching, retries, polling).
 * Transactions prepared through it carry the app's builder code suffix, when there is one.
 */
export function createChainClient(rpcUrl: string, builderCodeSuffix: Hex | null = null): PublicClient {
  const client = createPublicClient({
    chain: base,
    pollingInterval: CHAIN_CLIENT.pollingIntervalMs,
    transport: http(rpcUrl, {
      timeout: CHAIN_CLIENT.httpTimeoutMs,
      retryCount: CHAIN_CLIENT.retryCount,
      retryDelay: CHAIN_CLIENT.retryDelayMs,
      batch: { batchSize: CHAIN_CLIENT.batchSize },
    }),
  }) as PublicClient;
  return withBuilderCode(client, builderCodeSuffix);
}
