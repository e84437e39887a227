import { CompiledQuery } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/database.ts';

/**
 * pg-boss's statements run on a kysely connection or transaction (`{ db }` of send/insert), so jobs
 * commit or roll back with the work that made them.
 */
export function bossOn(db: Db): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}
