/**
 * Writes src/platform/db/columns.generated.ts from a freshly migrated database: a throwaway Postgres on this
 * machine, every migration applied, its columns described. Run after adding a migration:
 *
 *   npm run db:types -w @fartwin/server
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres } from '@fartwin/localstack';
import { describeColumns, GENERATED_COLUMNS_FILE } from '../src/platform/db/column-types.ts';
import { createDb, migrateToLatest } from '../src/platform/db/database.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'fartwin-db-types-'));
const postgres = await startPostgres({ dataDir: join(dataDir, 'pg'), persistent: false });
try {
  const db = createDb(await postgres.createDatabase('db_types'));
  try {
    await migrateToLatest(db);
    writeFileSync(GENERATED_COLUMNS_FILE, await describeColumns(db));
    console.log(`wrote ${fileURLToPath(GENERATED_COLUMNS_FILE)}`);
  } finally {
    await db.destroy();
  }
} finally {
  await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
