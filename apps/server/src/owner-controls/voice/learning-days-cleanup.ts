import { type SqlBool, sql } from 'kysely';
import { deleteInBatches } from '../../platform/db/batched-delete.ts';
import type { Db } from '../../platform/db/database.ts';

/** Days of the daily learning's exactly-once rows kept (clock days): only the current day's is read. */
export const LEARNING_DAYS_KEPT = 7;
const CLEANUP_BATCH = 10_000;

/** Deletes twin_learning_days rows of days before the kept window ending on `today`, in bounded batches. */
export function deleteOldLearningDays(db: Db, today: number, batchSize = CLEANUP_BATCH): Promise<number> {
  return deleteInBatches(batchSize, (limit) =>
    db
      .deleteFrom('twin_learning_days')
      .where(
        sql<SqlBool>`(agent_id, day) in ${db
          .selectFrom('twin_learning_days')
          .select(['agent_id', 'day'])
          .where('day', '<=', today - LEARNING_DAYS_KEPT)
          .limit(limit)}`,
      )
      .executeTakeFirstOrThrow(),
  );
}
