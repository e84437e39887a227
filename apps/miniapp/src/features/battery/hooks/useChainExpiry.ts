import { CHAIN_CLIENT } from '@fartwin/protocol';
import { useQuery } from '@tanstack/react-query';
import { useWalletStack } from '../../../platform/wallet/index.ts';

export interface ChainExpiry {
  /** The expiry (ms) the life contract holds; null until it has answered. */
  expiryMs: number | null;
  /** The chain could not be read (or this network has no life contract): still unknown, not dead. */
  unreadable: boolean;
}

/**
 * A twin's expiry read from the life contract, for when the server does not know it (its index is
 * behind, or it could not reach the chain): unknown is never dead, and the chain settles it. Until
 * it answers, it is asked again at the chain client's polling interval. The wallet stack (the
 * contract's reader) loads only when it is enabled.
 */
export function useChainExpiry(agentId: string | null, enabled: boolean): ChainExpiry {
  const stack = useWalletStack(enabled);
  const canRead = Boolean(stack?.contractsAvailable);
  const query = useQuery({
    queryKey: ['life-expiry', agentId],
    queryFn: () => stack!.readExpiryMs(agentId!),
    enabled: enabled && agentId !== null && canRead,
    refetchInterval: (current) => (current.state.data === undefined ? CHAIN_CLIENT.pollingIntervalMs : false),
  });
  return { expiryMs: query.data ?? null, unreadable: query.isError || (stack !== null && !canRead) };
}
