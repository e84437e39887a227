import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/** Postgres' code for a transaction it ended to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';
const CREATE_QUEUE_ATTEMPTS = 8;

/** The worker id an API process hands back for a worker it does not start. */
const NOT_WORKED_HERE = 'not-worked-here';

/**
 * pg-boss on the app's Postgres: long work (deploy steps, notifications, ticks) runs as jobs any
 * worker process may pick up. Its own small pool; its tables live in the `pgboss` schema.
 *
 * `worksJobs: false` (an API process, FARTWIN_ROLE=api) queues jobs but works none: every
 * `work()` call registers nothing, and pg-boss's maintenance and cron run in the workers only. The
 * code that declares a queue and its worker stays the same whatever the process's role.
 */
export async function startJobQueue(
  databaseUrl: string,
  logger: Logger,
  options: { worksJobs?: boolean } = {},
): Promise<PgBoss> {
  const worksJobs = options.worksJobs ?? true;
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4, supervise: worksJobs, schedule: worksJobs });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  // pg-boss 10 attaches each new queue's partition to its job table: replicas starting together and
  // creating different queues can deadlock, and Postgres ends one of them. That one tries again
  // (the queue may exist by then: creating it is a no-op).
  const createQueue = boss.createQueue.bind(boss);
  boss.createQueue = async (name, options) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await createQueue(name, options);
      } catch (error) {
        if ((error as { code?: unknown }).code !== DEADLOCK_DETECTED || attempt === CREATE_QUEUE_ATTEMPTS) throw error;
        // Jittered and growing, so the replicas that collided do not collide again.
        await sleep(Math.random() * 50 * 2 ** attempt);
      }
    }
  };
  if (!worksJobs) boss.work = async () => NOT_WORKED_HERE;
  return boss;
}

/**
 * Whether a job's try is its last: pg-boss fails it for good if this one throws (its metadata, from
 * a worker started with `includeMetadata: true`).
 */
export function isLastTry(job: { retryCount: number; retryLimit: number }): boolean {
  return job.retryCount >= job.retryLimit;
}
