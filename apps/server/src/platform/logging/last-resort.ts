import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../db/database.ts';

/**
 * The process's last resort for promise rejections nobody handled. pg-boss 10 completes a finished
 * job without awaiting it, so a database restart at that moment rejects a promise no code can
 * catch: that is logged, and the job is retried after it expires (the work is exactly-once keyed).
 * Anything else is a bug: logged as one line, then the process exits for its supervisor to restart it.
 */
export function handleUnhandledRejections(logger: Logger, exit: (code: number) => void = process.exit): void {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      logger.warn({ err: reason }, 'database unavailable during background work: it is retried');
      return;
    }
    logger.fatal({ err: reason }, 'unhandled rejection');
    exit(1);
  });
}
