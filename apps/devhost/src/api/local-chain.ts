import { useQuery } from '@tanstack/react-query';
import { createTestClient, http, publicActions } from 'viem';

/** New blocks (the mini-app's transactions, a moved chain clock) show within this long. */
const REFRESH_MS = 3_000;

function createLocalChainClient(rpcUrl: string) {
  return createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).extend(publicActions);
}

const clients = new Map<string, ReturnType<typeof createLocalChainClient>>();

/** The local chain's reads and anvil's test actions: one client per chain URL for every panel and sheet. */
export function localChainClient(rpcUrl: string) {
  let client = clients.get(rpcUrl);
  if (!client) {
    client = createLocalChainClient(rpcUrl);
    clients.set(rpcUrl, client);
  }
  return client;
}

export const chainQueryKeys = {
  latestBlock: (rpcUrl: string) => ['chain', rpcUrl, 'latest-block'] as const,
};

/**
 * The latest block's number and time, read every few seconds: the dev host's one poll of the chain.
 * Chain state only changes with a block, so reads of it (balances) key on the block number and run
 * again only when a new one is mined.
 */
export function useLatestBlock(rpcUrl: string) {
  return useQuery({
    queryKey: chainQueryKeys.latestBlock(rpcUrl),
    queryFn: async () => {
      const block = await localChainClient(rpcUrl).getBlock({ blockTag: 'latest' });
      return { number: Number(block.number), timestamp: Number(block.timestamp) };
    },
    refetchInterval: REFRESH_MS,
  });
}
