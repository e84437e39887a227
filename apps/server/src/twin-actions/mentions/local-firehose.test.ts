import { describe, expect, it } from 'vitest';
import { oneAtATime } from './local-firehose.ts';

/** A poll that runs until released, counting its runs. */
function heldPoll() {
  const releases: (() => void)[] = [];
  let runs = 0;
  return {
    poll: () =>
      new Promise<void>((resolve) => {
        runs++;
        releases.push(resolve);
      }),
    runs: () => runs,
    release: (run: number) => releases[run - 1]!(),
  };
}

describe('oneAtATime (the local feed read on this replica)', () => {
  it('calls during a run share one more run after it, which they wait for', async () => {
    const held = heldPoll();
    const poll = oneAtATime(held.poll);
    const settled: string[] = [];
    const first = poll().then(() => settled.push('first'));
    const second = poll().then(() => settled.push('second'));
    const third = poll().then(() => settled.push('third'));
    expect(held.runs()).toBe(1);
    held.release(1);
    await first;
    // The cast published during the first run is read by a second run, before the later calls answer.
    await expect.poll(held.runs).toBe(2);
    expect(settled).toEqual(['first']);
    held.release(2);
    await Promise.all([second, third]);
    expect(settled).toEqual(['first', 'second', 'third']);
    expect(held.runs()).toBe(2);
  });

  it('a failed run does not stop the one queued after it', async () => {
    let runs = 0;
    let fail: (error: Error) => void = () => {};
    const poll = oneAtATime(
      () =>
        new Promise<void>((resolve, reject) => {
          runs++;
          if (runs === 1) fail = reject;
          else resolve();
        }),
    );
    const first = poll();
    const second = poll();
    fail(new Error('the database went away'));
    await expect(first).rejects.toThrow('the database went away');
    await second;
    expect(runs).toBe(2);
  });
});
