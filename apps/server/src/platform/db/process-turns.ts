import { LockWaitTimeout } from './advisory-locks.ts';

/** Per key, in this process: the end of the line of work waiting for its turn. */
const lines = new Map<string, Promise<void>>();

/**
 * Runs `work` after this process's earlier work under the same `key`, waiting in memory, with no
 * pooled connection, for at most `waitMs`, then LockWaitTimeout naming `what`. Put in front of a
 * short transaction that takes a lock many requests contend for (a signer's row, a cap's lock): a
 * burst then takes one pooled connection per process at a time, never the pool, while the lock
 * itself still keeps other replicas out. `work` gets what is left of the wait, for its own lock.
 */
export async function inProcessTurn<T>(
  key: string,
  waitMs: number,
  what: string,
  work: (waitLeftMs: number) => Promise<T>,
): Promise<T> {
  const startedAt = Date.now();
  const before = lines.get(key) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => {
    done = resolve;
  });
  const line = before.then(() => mine);
  lines.set(key, line);
  let timer: NodeJS.Timeout | undefined;
  try {
    const turn = await Promise.race([
      before.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), Math.max(0, waitMs));
      }),
    ]);
    if (!turn) throw new LockWaitTimeout(`${what} stayed busy for ${waitMs} ms`);
    return await work(Math.max(1, waitMs - (Date.now() - startedAt)));
  } finally {
    clearTimeout(timer);
    done();
    if (lines.get(key) === line) lines.delete(key);
  }
}
