import { randomBytes } from 'node:crypto';
import { type RunningAnvil, startAnvil } from '@fartwin/localstack';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import { createApp } from '../src/app.ts';
import { createChainClient } from '../src/chain/client.ts';
import { loadConfig, type ServerConfig } from '../src/config/config.ts';
import { createDb, type Db, migrateToLatest } from '../src/db/database.ts';
import type { Services } from '../src/services.ts';

/** A fresh database on the run's Postgres, migrated: test files never see each other's rows. */
export async function createTestDatabase(): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const db = createDb(url, 4);
  await migrateToLatest(db);
  return {
    db,
    url,
    drop: async () => {
      await db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestServer {
  app: ReturnType<typeof createApp>;
  db: Db;
  config: ServerConfig;
  anvil: RunningAnvil;
  close(): Promise<void>;
}

/** The real app on a real database and a real anvil, called in-process through `app.request`. */
export async function startTestServer(
  env: Record<string, string> = {},
  services: Partial<Services> = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  const anvil = await startAnvil();
  const config = loadConfig({
    FARTWIN_MODE: 'local',
    DATABASE_URL: database.url,
    CHAIN_RPC_URL: anvil.rpcUrl,
    DEPLOYMENT_FILE: '/nonexistent/deployment.json',
    MINIAPP_DIST: '/nonexistent/dist',
    ...env,
  });
  const logger = pino({ level: 'silent' });
  const app = createApp({ config, db: database.db, chain: createChainClient(anvil.rpcUrl), logger, services });
  return {
    app,
    db: database.db,
    config,
    anvil,
    close: async () => {
      await anvil.stop();
      await database.drop();
    },
  };
}
