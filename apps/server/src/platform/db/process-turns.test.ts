import { describe, expect, it } from 'vitest';
import { LockWaitTimeout } from './advisory-locks.ts';
import { inProcessTurn } from './process-turns.ts';

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('inProcessTurn', () => {
  it('runs work under one key one at a time, in the order it came, and work under other keys beside it', async () => {
    const first = gate();
    const running: string[] = [];
    const log: string[] = [];
    const work = (name: string, until?: Promise<void>) => async () => {
      running.push(name);
      log.push(`${name} starts with ${running.length - 1} other(s) running`);
      await until;
      running.splice(running.indexOf(name), 1);
      return name;
    };
    const a = inProcessTurn('signer-a', 10_000, 'a', work('a1', first.opened));
    const b = inProcessTurn('signer-a', 10_000, 'a', work('a2'));
    const c = inProcessTurn('signer-a', 10_000, 'a', work('a3'));
    // Another key does not wait for the first's line.
    expect(await inProcessTurn('signer-b', 10_000, 'b', work('b1'))).toBe('b1');
    first.open();
    expect(await Promise.all([a, b, c])).toEqual(['a1', 'a2', 'a3']);
    expect(log).toEqual([
      'a1 starts with 0 other(s) running',
      'b1 starts with 1 other(s) running',
      'a2 starts with 0 other(s) running',
      'a3 starts with 0 other(s) running',
    ]);
  });

  it('gives up a wait that outlasts its time with LockWaitTimeout, and the line goes on without it', async () => {
    const first = gate();
    const held = inProcessTurn('signer-c', 10_000, 'c', () => first.opened);
    const ran: string[] = [];
    const impatient = inProcessTurn('signer-c', 20, 'The signer c', async () => void ran.push('impatient'));
    await expect(impatient).rejects.toThrow(LockWaitTimeout);
    await expect(impatient).rejects.toThrow('The signer c stayed busy for 20 ms');
    const patient = inProcessTurn('signer-c', 10_000, 'c', async (waitLeftMs) => {
      ran.push('patient');
      return waitLeftMs;
    });
    first.open();
    await held;
    // What is left of the wait goes to the work, for its own lock.
    expect(await patient).toBeGreaterThan(0);
    expect(await patient).toBeLessThanOrEqual(10_000);
    expect(ran).toEqual(['patient']);
  });
});
