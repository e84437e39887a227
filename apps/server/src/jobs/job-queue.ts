import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/**
 * pg-boss on the app's Postgres: long work (deploy steps, later notifications) runs as jobs any
 * replica may pick up. Its own small pool; its tables live in the `pgboss` schema.
 */
export async function startJobQueue(databaseUrl: string, logger: Logger): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4 });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}
