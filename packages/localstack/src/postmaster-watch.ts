import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How often the data folder's postmaster is looked for. */
const CHECK_EVERY_MS = 1_000;
/** How long a cluster may be without a postmaster before it counts as ended: a restart takes less. */
export const POSTMASTER_GONE_AFTER_MS = 10_000;

/** The running postmaster's pid, from the first line of the data folder's postmaster.pid; null when none. */
function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user (Postgres runs as 'postgres' when started by root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Resolves `ended` once no postmaster has run on `dataDir` for `goneAfterMs`: Postgres died or was
 * stopped behind the launcher's back. A restart (pg_ctl restart, a new postmaster within the
 * window) is not an end: `onRestart` is told of the new postmaster as the watch takes it for the
 * cluster's. The watch keeps no process alive; `stop()` ends it.
 */
export function watchPostmaster(
  dataDir: string,
  goneAfterMs = POSTMASTER_GONE_AFTER_MS,
  onRestart: (pid: number) => void = () => {},
) {
  let lastSeen = Date.now();
  let watchedPid = postmasterPid(dataDir);
  let timer: NodeJS.Timeout | undefined;
  const ended = new Promise<void>((resolve) => {
    timer = setInterval(
      () => {
        const pid = postmasterPid(dataDir);
        if (pid !== null && isRunning(pid)) {
          lastSeen = Date.now();
          if (pid !== watchedPid) {
            watchedPid = pid;
            onRestart(pid);
          }
        } else if (Date.now() - lastSeen >= goneAfterMs) {
          clearInterval(timer);
          resolve();
        }
      },
      Math.min(CHECK_EVERY_MS, goneAfterMs),
    );
    timer.unref();
  });
  return { ended, stop: () => clearInterval(timer) };
}
