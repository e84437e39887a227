import { CHAIN_CLIENT } from '@fartwin/protocol';
import { createPublicClient, http, type PublicClient } from 'viem';
import { base } from 'viem/chains';

/** A read client for Base (or the local chain posing as Base), with the settings of CHAIN_CLIENT. */
export function createChainClient(rpcUrl: string): PublicClient {
  return createPublicClient({
    chain: base,
    pollingInterval: CHAIN_CLIENT.pollingIntervalMs,
    transport: http(rpcUrl, {
      timeout: CHAIN_CLIENT.httpTimeoutMs,
      retryCount: CHAIN_CLIENT.retryCount,
      retryDelay: CHAIN_CLIENT.retryDelayMs,
      batch: { batchSize: CHAIN_CLIENT.batchSize },
    }),
  }) as PublicClient;
}
