import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres } from '@fartwin/localstack';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** Starts one real, throw-away Postgres for the whole server test run. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fartwin-test-pg-'));
  const postgres = await startPostgres({ dataDir: join(dataDir, 'pg'), persistent: false });
  project.provide('postgresAdminUrl', postgres.connectionString());
  return async () => {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
