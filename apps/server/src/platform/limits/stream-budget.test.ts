import { describe, expect, it } from 'vitest';
import { withinStreamBudget } from './stream-budget.ts';
import { TimeBudgetExceeded } from './time-budget.ts';

/** A source that yields `chunks`, then waits until its signal aborts and throws its reason. */
function stallingSource(chunks: string[], seen: { signal?: AbortSignal }) {
  return async function* (signal: AbortSignal) {
    seen.signal = signal;
    for (const chunk of chunks) yield chunk;
    await new Promise((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  };
}

async function collect(iterable: AsyncIterable<string>, onChunk: (chunk: string) => void = () => {}) {
  const chunks: string[] = [];
  for await (const chunk of iterable) {
    chunks.push(chunk);
    onChunk(chunk);
  }
  return chunks;
}

describe('withinStreamBudget', () => {
  it('stops a source that stalls between chunks, with the stall as the reason', async () => {
    const seen: { signal?: AbortSignal } = {};
    const reading = collect(
      withinStreamBudget(stallingSource(['a', 'b'], seen), { totalMs: 60_000, stallMs: 20 }, 'reply'),
    );
    await expect(reading).rejects.toThrow(TimeBudgetExceeded);
    await expect(reading).rejects.toThrow(/reply \(waiting for the next part\) took longer than 20 ms/);
    expect(seen.signal?.aborted).toBe(true);
  });

  it('stops a source that outlives the whole budget', async () => {
    const seen: { signal?: AbortSignal } = {};
    const reading = collect(withinStreamBudget(stallingSource([], seen), { totalMs: 20, stallMs: 60_000 }, 'reply'));
    await expect(reading).rejects.toThrow(/reply took longer than 20 ms/);
  });

  it('stops the source when the outer signal aborts (the client left)', async () => {
    const seen: { signal?: AbortSignal } = {};
    const client = new AbortController();
    const reading = collect(
      withinStreamBudget(
        stallingSource(['a'], seen),
        { totalMs: 60_000, stallMs: 60_000, signal: client.signal },
        'reply',
      ),
      () => client.abort(new Error('client left')),
    );
    await expect(reading).rejects.toThrow('client left');
    expect(seen.signal?.reason).toEqual(new Error('client left'));
  });

  it('stops the source when the reader stops early, and passes a whole stream through untouched', async () => {
    const seen: { signal?: AbortSignal } = {};
    for await (const chunk of withinStreamBudget(
      stallingSource(['a', 'b'], seen),
      { totalMs: 60_000, stallMs: 60_000 },
      'reply',
    )) {
      expect(chunk).toBe('a');
      break;
    }
    expect(seen.signal?.aborted).toBe(true);

    async function* whole() {
      yield* ['x', 'y', 'z'];
    }
    expect(await collect(withinStreamBudget(whole, { totalMs: 60_000, stallMs: 60_000 }, 'reply'))).toEqual([
      'x',
      'y',
      'z',
    ]);
  });
});
