import { agentTokenAbi, erc20Abi } from '@fartwin/contracts';
import { type TokenLaunchInfo, tokenContextSchema, tokenMetadataSchema } from '@fartwin/protocol';
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

/** What a token says of who launched it; each part null when the token left it empty or unreadable. */
export interface LocalTokenLaunch {
  image: string | null;
  metadata: TokenLaunchInfo['metadata'] | null;
  context: TokenLaunchInfo['context'] | null;
}

/** A JSON string the token holds, as `schema` reads it; null when empty or not that shape. */
function parsedJson<T>(text: string, schema: { safeParse(value: unknown): { success: boolean; data?: T } }): T | null {
  if (!text) return null;
  try {
    return schema.safeParse(JSON.parse(text)).data ?? null;
  } catch {
    return null;
  }
}

/**
 * What a twin's token records of who launched it (image, metadata, context, read with Clanker's
 * getters), once per chain and address. Null for a token without those getters (USDC, WETH), or
 * that recorded nothing.
 */
export function useLocalTokenLaunch(rpcUrl: string, address: Address | null) {
  return useQuery({
    queryKey: ['local-token-launch', rpcUrl, address?.toLowerCase() ?? null],
    enabled: address !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<LocalTokenLaunch | null> => {
      const client = localChainClient(rpcUrl);
      const read = (functionName: 'imageUrl' | 'metadata' | 'context') =>
        client.readContract({ address: address!, abi: agentTokenAbi, functionName });
      let texts: [string, string, string];
      try {
        texts = await Promise.all([read('imageUrl'), read('metadata'), read('context')]);
      } catch {
        // Not a token that records it: it says nothing of who launched it.
        return null;
      }
      const [image, metadata, context] = texts;
      const launch = {
        image: image || null,
        metadata: parsedJson(metadata, tokenMetadataSchema),
        context: parsedJson(context, tokenContextSchema),
      };
      return launch.image || launch.metadata || launch.context ? launch : null;
    },
  });
}
