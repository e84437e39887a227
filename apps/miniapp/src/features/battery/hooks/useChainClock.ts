import { CHAIN_CLIENT } from '@fartwin/protocol';
import { useEffect, useState } from 'react';
import { base } from 'viem/chains';
import { useBlock } from 'wagmi';

/**
 * How far the chain's clock runs ahead of this device's, in ms (never below 0). A battery runs out
 * by the chain's time: on Base the two clocks agree, but a local chain can be moved forward (the dev
 * host's chain clock), and the countdown then follows the chain. Read from the latest block at the
 * chain client's polling interval (a query refetch, not wagmi's block watcher, which the countdown's
 * every-second render would restart before it ever polls).
 */
export function useChainClockOffset(): number {
  const { data: block } = useBlock({
    chainId: base.id,
    query: { refetchInterval: CHAIN_CLIENT.pollingIntervalMs },
  });
  const timestamp = block?.timestamp;
  const [offsetMs, setOffsetMs] = useState(0);
  useEffect(() => {
    if (timestamp !== undefined) setOffsetMs(Math.max(0, Number(timestamp) * 1_000 - Date.now()));
  }, [timestamp]);
  return offsetMs;
}
