import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chainQueryKeys, localChainClient, useLatestBlock } from '../api/local-chain.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';

const HOUR = 3_600;
const DAY = 24 * HOUR;

/** The jumps offered; the test ids are what the e2e journeys click. */
const ADVANCES = [
  { seconds: HOUR, label: 'Advance 1 hour', testId: 'advance-1h' },
  { seconds: DAY, label: 'Advance 1 day', testId: 'advance-1d' },
  { seconds: 7 * DAY, label: 'Advance 7 days', testId: 'advance-7d' },
] as const;

/**
 * How far the chain is ahead of the wall clock, once the clock was moved. A chain a little behind
 * is normal (blocks are only mined on transactions), so that is not shown.
 */
export function formatAhead(seconds: number): string | null {
  if (seconds < 60) return null;
  const days = Math.floor(seconds / DAY);
  const hours = Math.floor((seconds % DAY) / HOUR);
  const minutes = Math.floor((seconds % HOUR) / 60);
  const parts =
    days > 0 ? [`${days} d`, `${hours} h`] : hours > 0 ? [`${hours} h`, `${minutes} min`] : [`${minutes} min`];
  return `${parts.join(' ')} ahead of this computer's clock`;
}

/**
 * The local chain's clock: the latest block's time, and buttons that move it forward with anvil's
 * evm_increaseTime and a mined block, so a twin's battery can run out without waiting a week.
 */
export function ChainClockPanel({ rpcUrl }: { rpcUrl: string }) {
  const queryClient = useQueryClient();
  // Other transactions mine blocks too, so the shown time follows the latest block.
  const latestBlock = useLatestBlock(rpcUrl);
  const advance = useMutation({
    mutationFn: async (seconds: number) => {
      const client = localChainClient(rpcUrl);
      await client.increaseTime({ seconds });
      // The new time only counts once a block carries it: the mini-app reads life from blocks.
      await client.mine({ blocks: 1 });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: chainQueryKeys.latestBlock(rpcUrl) }),
  });

  const seconds = latestBlock.data?.timestamp;
  const ahead = seconds === undefined ? null : formatAhead(seconds - Math.floor(Date.now() / 1000));
  return (
    <section className="panel" data-testid="chain-clock">
      <h2>Chain clock</h2>
      <p>
        Latest block:{' '}
        {seconds === undefined ? (
          <span className="muted">{latestBlock.isError ? 'the chain does not answer' : '…'}</span>
        ) : (
          <time data-testid="chain-time" dateTime={new Date(seconds * 1000).toISOString()}>
            {new Date(seconds * 1000).toLocaleString()}
          </time>
        )}
      </p>
      {ahead ? <p className="muted">{ahead}</p> : null}
      <div className="button-row">
        {ADVANCES.map(({ seconds: jump, label, testId }) => (
          <button
            key={testId}
            type="button"
            className="button-secondary"
            data-testid={testId}
            disabled={advance.isPending}
            onClick={() => advance.mutate(jump)}
          >
            {label}
          </button>
        ))}
      </div>
      <ErrorNote error={advance.error} trying="Could not move the clock" />
    </section>
  );
}
