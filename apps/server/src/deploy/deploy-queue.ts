import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { runDeployment } from './pipeline.ts';
import type { DeployDeps } from './steps.ts';

export const DEPLOY_QUEUE = 'deploy-twin';

/**
 * Deployments one replica runs at once; the operator's transactions are serialised anyway. Each
 * running deployment holds one pooled connection for its lock (and one more while it is the
 * operator): keep this well under the pool size (db/database.ts).
 */
const WORKERS = 3;

export interface DeployJob {
  ownerFid: number;
}

/**
 * A failed attempt is retried with exponential back-off (about 2, 4, 8, 16, 32 s): a chain or a
 * Neynar that is briefly down does not need the user to press Deploy again.
 */
const queueOptions = { name: DEPLOY_QUEUE, retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 600 };

export interface DeployQueue {
  enqueue(ownerFid: number): Promise<void>;
}

/** Creates the queue and starts this replica's deploy workers. */
export async function startDeployQueue(boss: PgBoss, deps: DeployDeps & { logger: Logger }): Promise<DeployQueue> {
  await boss.createQueue(DEPLOY_QUEUE, queueOptions);
  const workerIds: string[] = [];
  for (let index = 0; index < WORKERS; index++) {
    workerIds.push(
      await boss.work<DeployJob>(DEPLOY_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        if (job) await runDeployment(deps, job.data.ownerFid);
      }),
    );
  }
  return {
    async enqueue(ownerFid) {
      await boss.send(DEPLOY_QUEUE, { ownerFid } satisfies DeployJob);
      // Start now rather than at the next poll: the user is waiting.
      for (const id of workerIds) boss.notifyWorker(id);
    },
  };
}
