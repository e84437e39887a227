import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { knownClockSeconds } from '../../platform/chain/life-index-state.ts';
import type { Db } from '../../platform/db/database.ts';
import { startTicker } from '../../platform/jobs/ticker.ts';
import { type CastLearningDeps, learnFromCasts } from './cast-learning.ts';
import { deleteOldLearningDays } from './learning-days-cleanup.ts';

export const CAST_LEARNING_TICK_QUEUE = 'cast-learning-tick';
export const CAST_LEARNING_QUEUE = 'cast-learning';
const LEARNING_DAYS_CLEANUP_QUEUE = 'cast-learning-days-cleanup';
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
 * Only living twins learn (twinsDueForLearning), as only living twins post.
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
    const now = await knownClockSeconds(db);
    const day = Math.floor(now / DAY_SECONDS);
    const due = await twinsDueForLearning(db, { day, now, limit: LEARNING_BATCH });
    if (due.length === 0) return;
    await boss.insert(
      due.map((agentId) => ({
        name: CAST_LEARNING_QUEUE,
        data: { agentId, day } satisfies CastLearningJob,
        singletonKey: `${agentId}:${day}`,
      })),
    );
  });
  // The day rows past their use (only today's is read), once per tick across replicas.
  await startTicker(boss, { queue: LEARNING_DAYS_CLEANUP_QUEUE, intervalSeconds: 600, logger }, async () =>
    deleteOldLearningDays(db, Math.floor((await knownClockSeconds(db)) / DAY_SECONDS)),
  );
}

/**
 * Up to `limit` twins that have not learned on `day` and are alive at clock time `now` as the life
 * index has it (agent_lives, as the post schedules read it): a twin whose battery is empty does not
 * speak, so it spends no provider call on learning; revived, it learns on the day's next tick.
 */
export async function twinsDueForLearning(db: Db, due: { day: number; now: number; limit: number }): Promise<string[]> {
  const rows = await db
    .selectFrom('agents')
    .innerJoin('agent_lives', 'agent_lives.agent_id', 'agents.agent_id')
    .select('agents.agent_id')
    .where('agent_lives.expires_at', '>', due.now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('twin_learning_days')
            .select(sql`1`.as('one'))
            .whereRef('twin_learning_days.agent_id', '=', 'agents.agent_id')
            .where('twin_learning_days.day', '=', due.day),
        ),
      ),
    )
    .limit(due.limit)
    .execute();
  return rows.map((row) => row.agent_id);
}
