import { SAMPLE_USER_FIDS } from '@fartwin/localstack/dev-accounts';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../platform/db/database.ts';
import type { FarcasterData } from '../platform/providers/farcaster-data.ts';
import { buildCharacter, leaningChoices, loadPersona } from '../twin-mind/index.ts';
import type { DeployService } from './deploy-service.ts';
import { findDeployment, hasAnyDeployment } from './deployment-store.ts';

/** Sample users whose twins the first local start deploys, so the directory has life in it. */
export const SAMPLE_TWIN_OWNERS = SAMPLE_USER_FIDS.slice(0, 3);

export const SAMPLE_TWINS_QUEUE = 'sample-twins';

/**
 * Starting the deploys takes a few statements, so an attempt that has not finished in a minute was
 * cut off (its database restarted under it): it is run again then. A failed attempt is retried with
 * back-off (a few seconds at first, doubling, ten tries over half an hour or more): a start-up while
 * Postgres restarts still ends with the sample twins deployed.
 */
const queueOptions = {
  name: SAMPLE_TWINS_QUEUE,
  retryLimit: 10,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 60,
};

export interface SampleTwinDeps {
  db: Db;
  farcaster: FarcasterData;
  deploy: DeployService;
  logger: Logger;
}

/**
 * Starts the deploy of every sample owner's twin that has no deployment yet, through the same
 * pipeline users go through, each with the choices their casts lean to. The deployments' rows make
 * each start once, so a retry after a partial run starts only what is missing. Throws when any
 * could not be started (the job is then retried).
 */
export async function startSampleDeployments(deps: SampleTwinDeps): Promise<void> {
  const results = await Promise.allSettled(
    SAMPLE_TWIN_OWNERS.map(async (fid) => {
      if (await findDeployment(deps.db, fid)) return;
      const persona = await loadPersona(deps.farcaster, fid);
      if (!persona) throw new Error(`Sample user ${fid} is missing from the local network`);
      const choices = leaningChoices(persona.profile);
      const character = buildCharacter(persona.user, persona.casts, persona.profile, choices);
      await deps.deploy.start(fid, choices, character);
      deps.logger.info({ fid }, 'sample twin deploy started');
    }),
  );
  const failed = results.filter((result) => result.status === 'rejected');
  if (failed.length > 0) {
    throw new AggregateError(
      failed.map((result) => result.reason),
      'some sample twins could not start deploying',
    );
  }
}

/**
 * Local mode, first start only (no deployment ever made): queues the job that starts the sample
 * twins' deploys, and starts this process's worker for it. The job, not the start-up, does the work,
 * so a database that drops connections while the server starts delays the sample twins, never loses them.
 */
export async function queueSampleTwins(boss: PgBoss, deps: SampleTwinDeps): Promise<void> {
  await boss.createQueue(SAMPLE_TWINS_QUEUE, queueOptions);
  await boss.work(SAMPLE_TWINS_QUEUE, { pollingIntervalSeconds: 1 }, async () => startSampleDeployments(deps));
  if (!(await hasAnyDeployment(deps.db))) await boss.send(SAMPLE_TWINS_QUEUE, {});
}
