import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { startTicker } from '../platform/jobs/ticker.ts';
import { reopenVanishedDeployments } from './deployment-store.ts';
import { runDeployment } from './pipeline.ts';
import type { DeployDeps } from './steps.ts';

export const DEPLOY_QUEUE = 'deploy-twin';
export const DEPLOY_RECOVERY_QUEUE = 'deploy-recovery';
/** How often some replica looks for deployments whose runner vanished. */
const RECOVERY_INTERVAL_SECONDS = 10;

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
 * Neynar that is briefly down does not need the user to press Deploy again. An attempt expires after
 * 10 minutes: room for the social-account step's two account-creation calls (2 × 120 s, Neynar's
 * first fresh fid takes about a minute) and the chain's steps.
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
  const enqueue = async (ownerFid: number) => {
    await boss.send(DEPLOY_QUEUE, { ownerFid } satisfies DeployJob);
    // Start now rather than at the next poll: the user is waiting.
    for (const id of workerIds) boss.notifyWorker(id);
  };
  // A replica killed mid-deploy, or a database restart that cut its runner's session, leaves a
  // deployment running with nobody on it (its job stays active until it expires, 10 minutes on):
  // queued again here, whether or not its user calls again.
  await startTicker(
    boss,
    { queue: DEPLOY_RECOVERY_QUEUE, intervalSeconds: RECOVERY_INTERVAL_SECONDS, logger: deps.logger },
    async () => {
      const owners = await reopenVanishedDeployments(deps.db);
      for (const ownerFid of owners) await enqueue(ownerFid);
      if (owners.length > 0) deps.logger.warn({ owners }, 'deployments whose runner vanished were queued again');
    },
  );
  return { enqueue };
}
