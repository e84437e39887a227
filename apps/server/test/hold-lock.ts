import { type LockKey, withAdvisoryLock } from '../src/platform/db/advisory-locks.ts';
import type { Db } from '../src/platform/db/database.ts';

/**
 * Holds `key` on a session of `db` (as another replica would) until `release` is called; resolves
 * once it is held. `done` settles when the lock is let go.
 */
export async function holdLock(db: Db, key: LockKey): Promise<{ release: () => void; done: Promise<boolean | null> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => {
    held = resolve;
  });
  const done = withAdvisoryLock(db, key, { wait: false }, async () => {
    held();
    await released;
    return true;
  });
  await Promise.race([isHeld, done]);
  return { release, done };
}
