import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const POLL_MS = 50;

/** Resident set size of a process in bytes: /proc on Linux, `ps` elsewhere. */
function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    const kilobytes = execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return Number(kilobytes) * 1024;
  }
}

/** The kernel's high-water mark of the resident set (Linux), since start or the last reset. */
function highWaterMarkBytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kilobytes = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
    return kilobytes === undefined ? undefined : Number(kilobytes) * 1024;
  } catch {
    return undefined;
  }
}

/** Resets the high-water mark to the current RSS (Linux: clear_refs 5); false where that is not possible. */
function resetHighWaterMark(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface PeakRssWatch {
  /** Stops watching; the peak RSS in MB (10^6 bytes) of each process since the watch started, in order. */
  stop(): number[];
}

/**
 * Watches the peak resident set size of processes over a stretch of work (a benchmark). On Linux the
 * kernel keeps the exact peak (VmHWM, reset at the start of the stretch); elsewhere, and as a check,
 * RSS is sampled every 50 ms.
 */
export function watchPeakRss(pids: readonly number[]): PeakRssWatch {
  const exact = pids.map(resetHighWaterMark);
  const sampled = pids.map(rssBytes);
  const timer = setInterval(() => {
    pids.forEach((pid, index) => {
      try {
        sampled[index] = Math.max(sampled[index]!, rssBytes(pid));
      } catch {
        // The process is gone; its last sample stands.
      }
    });
  }, POLL_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return pids.map((pid, index) => {
        const highWaterMark = exact[index] ? highWaterMarkBytes(pid) : undefined;
        const bytes = Math.max(sampled[index]!, highWaterMark ?? 0);
        return bytes / 1e6;
      });
    },
  };
}
