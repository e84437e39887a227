/**
 * Waits (bounded, 30 s) until `read` gives something `done` accepts, and answers it: a test's
 * positive signal that background work (a queue's job) has happened.
 */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
