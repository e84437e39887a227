import { erc20Abi } from '@fartwin/contracts';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { type Address, isAddressEqual } from 'viem';
import { localChainClient } from './local-chain.ts';

/** An ERC-20's metadata, as sheets show amounts of it. */
export interface LocalToken {
  name: string;
  symbol: string;
  decimals: number;
}

/**
 * An ERC-20 on the local chain, read once per chain and address for every sheet that shows it (its
 * metadata never changes). Nothing while `address` is null.
 */
function localTokenQuery(rpcUrl: string, address: Address | null) {
  return queryOptions({
    queryKey: ['local-token', rpcUrl, address?.toLowerCase() ?? null],
    enabled: address !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<LocalToken> => {
      const client = localChainClient(rpcUrl);
      const read = <Name extends 'name' | 'symbol' | 'decimals'>(functionName: Name) =>
        client.readContract({ address: address!, abi: erc20Abi, functionName });
      const [name, symbol, decimals] = await Promise.all([read('name'), read('symbol'), read('decimals')]);
      return { name, symbol, decimals: Number(decimals) };
    },
  });
}

export function useLocalToken(rpcUrl: string, address: Address | null) {
  return useQuery(localTokenQuery(rpcUrl, address));
}

/** Several tokens at once, as a lookup by address: undefined for one not read (yet). */
export function useLocalTokens(rpcUrl: string, addresses: readonly Address[]) {
  const tokens = useQueries({ queries: addresses.map((address) => localTokenQuery(rpcUrl, address)) });
  return (address: Address): LocalToken | undefined =>
    tokens[addresses.findIndex((known) => isAddressEqual(known, address))]?.data;
}
