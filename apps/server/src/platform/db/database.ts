import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

// bigint columns hold fids, which fit in a JS number; return them as numbers, not strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Db = Kysely<Database>;

/** How long a query waits for a connection: with the database away, a request fails in this time, not later. */
const CONNECTION_WAIT_MS = 5_000;

/**
 * The app's database. A restart, failover or dropped connection is logged, not fatal: without these
 * listeners pg's 'error' event (on an idle pooled client, or on one checked out between queries, as
 * an advisory lock's is) would end the process. Queries after it reconnect on their own.
 */
export function createDb(connectionString: string, options: { max?: number; logger?: Logger } = {}): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPool(connectionString, options) }) });
}

/** A pg pool with the same fault handling, for a library that wants one (the rate limiter). */
export function createPool(connectionString: string, options: { max?: number; logger?: Logger } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: CONNECTION_WAIT_MS,
  });
  const lost = (error: Error) => options.logger?.warn({ err: error }, 'database connection lost');
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return pool;
}

/** Whether an error means the database could not be reached (down, restarting, failing over), not a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') {
    return (
      error instanceof Error &&
      // "not queryable": a pooled client whose connection broke between checkout and query.
      /Connection terminated|timeout exceeded when trying to connect|is not queryable/i.test(error.message)
    );
  }
  // Connection refused/reset by the OS; Postgres' class 08 (connection exception) and 57P01–57P03
  // (admin shutdown, crash shutdown, cannot connect now).
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN'].includes(code) ||
    code.startsWith('08') ||
    ['57P01', '57P02', '57P03'].includes(code)
  );
}

/** Applies pending migrations; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return results.map((result) => result.migrationName);
}
