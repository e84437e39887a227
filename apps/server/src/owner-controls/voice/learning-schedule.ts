import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { knownClockSeconds } from '../../chain/life-index-state.ts';
import { startTicker } from '../../jobs/ticker.ts';
import { type CastLearningDeps, learnFromCasts } from './cast-learning.ts';

export const CAST_LEARNING_TICK_QUEUE = 'cast-learning-tick';
export const CAST_LEARNING_QUEUE = 'cast-learning';
/** Twins handed to jobs per tick: the next tick takes the next batch. */
const LEARNING_BATCH = 500;
const DAY_SECONDS = 24 * 60 * 60;

interface CastLearningJob {
  agentId: string;
  day: number;
}

/**
 * The daily re-reading of each owner's casts. A ticker (once per slot across replicas) hands the
 * twins not yet learned today (the schedules' clock, so the dev host's "Advance 1 day" counts) to
 * jobs keyed by twin and day; the job's day row (cast-learning.ts) makes each run happen once.
 */
export async function startCastLearning(
  boss: PgBoss,
  deps: CastLearningDeps & { logger: Logger },
  intervalSeconds: number,
): Promise<void> {
  const { db, logger } = deps;
  // A provider error (Neynar down, over its limit) is retried later, not lost: the day's row is taken
  // only with the change.
  await boss.createQueue(CAST_LEARNING_QUEUE, {
    name: CAST_LEARNING_QUEUE,
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  await boss.work<CastLearningJob>(CAST_LEARNING_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const outcome = await learnFromCasts(deps, job.data.agentId, job.data.day);
    logger.info({ ...job.data, learned: outcome?.learned ?? 'already' }, 'cast learning');
  });
  await startTicker(boss, { queue: CAST_LEARNING_TICK_QUEUE, intervalSeconds, logger }, async () => {
    const day = Math.floor((await knownClockSeconds(db)) / DAY_SECONDS);
    const due = await db
      .selectFrom('agents')
      .select('agent_id')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('twin_learning_days')
              .select(sql`1`.as('one'))
              .whereRef('twin_learning_days.agent_id', '=', 'agents.agent_id')
              .where('twin_learning_days.day', '=', day),
          ),
        ),
      )
      .limit(LEARNING_BATCH)
      .execute();
    if (due.length === 0) return;
    await boss.insert(
      due.map(({ agent_id }) => ({
        name: CAST_LEARNING_QUEUE,
        data: { agentId: agent_id, day } satisfies CastLearningJob,
        singletonKey: `${agent_id}:${day}`,
      })),
    );
  });
}
