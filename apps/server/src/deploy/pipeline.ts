import type { Logger } from 'pino';
import { upsertLives } from '../platform/chain/life-indexer.ts';
import { LOCK_SPACES, withAdvisoryLock } from '../platform/db/advisory-locks.ts';
import { insertTwin } from '../twins/index.ts';
import { describeCause, stepErrorText, stepErrorType } from './deploy-errors.ts';
import {
  type DeploymentRecord,
  failDeployment,
  findDeployment,
  setDeploymentStatus,
  updateStep,
} from './deployment-store.ts';
import { type DeployDeps, deploySteps, need } from './steps.ts';

/** Thrown when a step fails, so the job queue retries the deployment with back-off. */
export class DeployStepFailed extends Error {
  override name = 'DeployStepFailed';
}

/**
 * Runs a user's deployment from the first step not yet done, recording each step as it starts and
 * ends. One runner per deployment across all replicas (an advisory lock): a second job for the
 * same user (a queued retry next to a fresh one) does nothing while the first runs.
 */
export async function runDeployment(deps: DeployDeps & { logger: Logger }, ownerFid: number): Promise<void> {
  await withAdvisoryLock(deps.db, { space: LOCK_SPACES.deployment, id: ownerFid }, { wait: false }, async () => {
    let deployment = await findDeployment(deps.db, ownerFid);
    if (!deployment || deployment.status === 'completed') return;
    if (deployment.status === 'failed') await setDeploymentStatus(deps.db, ownerFid, 'running');

    for (const step of deploySteps) {
      const previous = deployment.steps[step.name];
      if (previous?.status === 'done') continue;
      const attempts = (previous?.attempts ?? 0) + 1;
      await updateStep(deps.db, ownerFid, step.name, { status: 'running', attempts });
      try {
        const outputs = await step.run(deployment, deps);
        deployment = await updateStep(deps.db, ownerFid, step.name, { status: 'done', attempts }, outputs);
      } catch (error) {
        const cause = describeCause(error);
        deps.logger.warn({ err: error, ownerFid, step: step.name, attempts }, 'deploy step failed');
        await updateStep(deps.db, ownerFid, step.name, { status: 'failed', attempts, error: cause });
        await failDeployment(deps.db, ownerFid, {
          errorType: stepErrorType(step),
          errorText: stepErrorText(step, cause),
        });
        throw new DeployStepFailed(`Deploy step ${step.name} failed for fid ${ownerFid}: ${cause}`, { cause: error });
      }
    }
    await completeDeployment(deps, deployment);
    deps.logger.info({ ownerFid, agentId: deployment.agentId }, 'twin deployed');
  });
}

/**
 * The twin joins the directory with its first battery's expiry (so its life is known at once, not
 * after the indexer's next tick), and the deployment is done, in one transaction.
 */
async function completeDeployment(deps: DeployDeps, deployment: DeploymentRecord): Promise<void> {
  // Without it (the chain did not answer), the indexer's backfill reads it soon.
  const expiries = await deps.life.expirations([deployment.agentId]).catch(() => new Map<string, number>());
  await deps.db.transaction().execute(async (trx) => {
    await insertTwin(trx, {
      agentId: deployment.agentId,
      ownerFid: deployment.ownerFid,
      twin: {
        fid: need(deployment.twinFid, 'The twin’s fid'),
        username: need(deployment.twinUsername, 'The twin’s username'),
        displayName: need(deployment.twinDisplayName, 'The twin’s display name'),
        pfpUrl: deployment.twinPfpUrl,
      },
      walletAddress: need(deployment.walletAddress, 'The wallet address'),
      token: {
        address: need(deployment.tokenAddress, 'The token address'),
        symbol: need(deployment.tokenSymbol, 'The token symbol'),
      },
      character: deployment.character,
      choices: deployment.choices,
    });
    await upsertLives(trx, expiries);
    await setDeploymentStatus(trx, deployment.ownerFid, 'completed');
  });
}
