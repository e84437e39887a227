import { CHAIN_CLIENT } from '@fartwin/protocol';
import { useQuery } from '@tanstack/react-query';
import { latestBlockTimeMs } from '../../../lib/chain-clock.ts';

/**
 * Measured when a block arrives: react-query runs a stable `select` again only for new data, so the
 * offset keeps the moment its block was read (an idle chain's last block does not make it shrink).
 */
const offsetFromBlock = (blockTimeMs: number) => Math.max(0, blockTimeMs - Date.now());

/**
 * How far the chain's clock runs ahead of this device's, in ms (never below 0). A battery runs out
 * by the chain's time: on Base the two clocks agree, but a local chain can be moved forward (the dev
 * host's chain clock), and the countdown then follows the chain. Read from the latest block at the
 * chain client's polling interval, and only while there is a countdown; without the wallet stack.
 */
export function useChainClockOffset(enabled: boolean): number {
  const { data: offsetMs = 0 } = useQuery({
    queryKey: ['chain-clock'],
    queryFn: latestBlockTimeMs,
    enabled,
    refetchInterval: CHAIN_CLIENT.pollingIntervalMs,
    select: offsetFromBlock,
  });
  return offsetMs;
}
