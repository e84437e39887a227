import { randomBytes } from 'node:crypto';
import { type RunningAnvil, startAnvil } from '@fartwin/localstack';
import type { Hono } from 'hono';
import { Migrator } from 'kysely';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import { pino } from 'pino';
import { inject } from 'vitest';
import { createApp } from '../src/app.ts';
import type { AppDeps } from '../src/app-deps.ts';
import type { DeployService } from '../src/deploy/deploy-service.ts';
import { createChainClient } from '../src/platform/chain/client.ts';
import { syncLifeIndex } from '../src/platform/chain/life-indexer.ts';
import { loadConfig, type ServerConfig } from '../src/platform/config/config.ts';
import { createDb, type Db, migrateToLatest } from '../src/platform/db/database.ts';
import { migrations } from '../src/platform/db/migrations/index.ts';
import { startJobQueue } from '../src/platform/jobs/job-queue.ts';
import type { RateLimits } from '../src/platform/limits/rate-limits.ts';
import type { Services } from '../src/services.ts';
import type { TwinActions } from '../src/twin-actions/index.ts';

/**
 * The production settings a test server needs besides its database and chain: placeholders that
 * pass the configuration's checks (no outgoing call uses them unless a test stands a service in).
 */
export const PRODUCTION_TEST_ENV = {
  FARTWIN_MODE: 'production',
  PUBLIC_URL: 'https://fartwin.example.com',
  USDC_ADDRESS: `0x${'1'.repeat(40)}`,
  FARTWIN_LIFE_ADDRESS: `0x${'2'.repeat(40)}`,
  OPERATOR_PRIVATE_KEY: `0x${'ab'.repeat(32)}`,
  WALLET_ENCRYPTION_KEY: `0x${'cd'.repeat(32)}`,
  NEYNAR_API_KEY: 'neynar-key',
  NEYNAR_WALLET_ID: 'neynar-wallet',
  ACCOUNT_ASSOCIATION: JSON.stringify({ header: 'h', payload: 'p', signature: 's' }),
  WALLET_SESSION_SECRET: 'ef'.repeat(32),
} as const;

/** A fresh database on the run's Postgres, migrated: test files never see each other's rows. */
export async function createTestDatabase(
  options: { migrateTo?: string } = {},
): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  // The production pool size: deploy runners, the operator and the life watch each hold a connection
  // for their advisory lock while running, and still need others for their queries.
  const db = createDb(url);
  if (options.migrateTo) {
    // Up to a given migration only, as a database from before the later ones is.
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(options.migrateTo);
    if (error) throw error;
  } else {
    await migrateToLatest(db);
  }
  return {
    db,
    url,
    drop: async () => {
      await db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // A closed pool resolves before its connections have finished closing; one terminated by a
      // forced drop mid-close raises an unhandled error in this process. Wait for them to go first.
      for (let waited = 0; waited < 5_000; waited += 50) {
        const open = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (open.rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestServer {
  app: Hono;
  twinActions: TwinActions;
  services: Services;
  rateLimits: RateLimits;
  deploy: DeployService;
  jobs: PgBoss;
  db: Db;
  config: ServerConfig;
  readonly anvil: RunningAnvil;
  /** Runs the life index's pass now, as the life watch's next tick would (lives on request paths come from it). */
  syncLives(): Promise<number | null>;
  /** Stops the chain, as an outage would (its state is saved when started with `anvilStateFile`). */
  stopChain(): Promise<void>;
  /** Starts it again on the same port, from the saved state. */
  startChain(): Promise<void>;
  close(): Promise<void>;
}

async function ownDatabase(url: string): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const db = createDb(url);
  await migrateToLatest(db);
  return { db, url, drop: () => db.destroy() };
}

/** The real app on a real database and a real anvil, called in-process through `app.request`. */
export async function startTestServer(
  env: Record<string, string> = {},
  services: Partial<Services> = {},
  options: Pick<AppDeps, 'deployWaitMs'> & {
    anvilStateFile?: string;
    /** A database of the test's own (e.g. on a Postgres it restarts), migrated here; kept on close. */
    databaseUrl?: string;
  } = {},
): Promise<TestServer> {
  const { anvilStateFile, databaseUrl, ...appOptions } = options;
  const database = databaseUrl ? await ownDatabase(databaseUrl) : await createTestDatabase();
  let anvil = await startAnvil(anvilStateFile ? { stateFile: anvilStateFile, stateIntervalSeconds: 1 } : {});
  const config = loadConfig({
    FARTWIN_MODE: 'local',
    DATABASE_URL: database.url,
    CHAIN_RPC_URL: anvil.rpcUrl,
    DEPLOYMENT_FILE: '/nonexistent/deployment.json',
    MINIAPP_DIST: '/nonexistent/dist',
    // Tests read what they just wrote; the in-memory cache of public answers has a test of its own.
    DIRECTORY_CACHE_MS: '0',
    // Likewise the health checks' reuse window: probes see a change at once (its own test sets one).
    HEALTH_CACHE_MS: '0',
    // Local mode's default is the dev host's stand-in on port 3000, which may be another test run's:
    // nothing answers here unless a test stands Base's API in.
    BASE_NOTIFICATIONS_API_URL: 'http://127.0.0.1:9/api/v1/notifications',
    ...env,
  });
  const logger = pino(
    { level: process.env.TEST_LOG_LEVEL ?? 'silent' },
    process.env.TEST_LOG_FILE ? pino.destination(process.env.TEST_LOG_FILE) : undefined,
  );
  const jobs = await startJobQueue(database.url, logger);
  // From config: a test may put a proxy in front of anvil (CHAIN_RPC_URL).
  const chain = createChainClient(config.chain.rpcUrl, config.chain.builderCodeSuffix);
  const created = await createApp({ config, db: database.db, chain, logger, jobs, services, ...appOptions });
  return {
    ...created,
    jobs,
    db: database.db,
    config,
    get anvil() {
      return anvil;
    },
    syncLives: () =>
      syncLifeIndex({
        db: database.db,
        chain,
        contracts: created.services.contracts,
        life: created.services.life,
        logger,
        onLifePaid: created.onLifePaid,
      }),
    stopChain: () => anvil.stop(),
    startChain: async () => {
      anvil = await startAnvil({ port: anvil.port, ...(anvilStateFile ? { stateFile: anvilStateFile } : {}) });
    },
    close: async () => {
      // Let running jobs (a life-watch tick, a deploy) finish: dropping the database under one
      // would end its queries with an unhandled error.
      await jobs.stop({ graceful: true, timeout: 10_000, wait: true });
      await anvil.stop();
      await database.drop();
    },
  };
}
