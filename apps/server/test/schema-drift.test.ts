import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeColumns, GENERATED_COLUMNS_FILE } from '../src/platform/db/column-types.ts';
import { migrations } from '../src/platform/db/migrations/index.ts';
import { createTestDatabase } from './harness.ts';

/**
 * The data layer has one source, the migrations: db/columns.generated.ts is what they make, and
 * db/schema.ts is type-checked against it. These tests fail when either falls behind.
 */
describe('the database schema and its migrations', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.drop());

  it('has its columns file as the migrations make it (else run `npm run db:types -w @fartwin/server`)', async () => {
    expect(await describeColumns(database.db)).toBe(readFileSync(GENERATED_COLUMNS_FILE, 'utf8'));
  });

  it('applies every migration file in the folder, in the order of their names', () => {
    const files = readdirSync(new URL('../src/platform/db/migrations/', import.meta.url))
      .filter((file) => file !== 'index.ts' && file.endsWith('.ts'))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(migrations)).toEqual(files);
  });
});
