import { sql } from 'kysely';
import type { Db } from './database.ts';

/** Where the migrated database's columns are written as TypeScript (`npm run db:types -w @fartwin/server`). */
export const GENERATED_COLUMNS_FILE = new URL('./columns.generated.ts', import.meta.url);

/** What node-postgres hands back for each Postgres type, with this service's parsers (db/database.ts: int8 → number). */
const TS_TYPES: Record<string, string> = {
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'string',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  inet: 'string',
  tsvector: 'string',
  bool: 'boolean',
  timestamptz: 'Date',
  timestamp: 'Date',
  date: 'Date',
  json: 'unknown',
  jsonb: 'unknown',
  bytea: 'Buffer',
};

interface ColumnRow {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
}

function tsType(udtName: string): string {
  // Arrays are named after their element with a leading underscore (_text is text[]).
  if (udtName.startsWith('_')) return `${tsType(udtName.slice(1))}[]`;
  return TS_TYPES[udtName] ?? 'unknown';
}

interface CheckRow {
  table_name: string;
  definition: string;
}

/** `CHECK ((status = ANY (ARRAY['a'::text, 'b'::text])))`: a column's allowed values, as Postgres prints them. */
const ALLOWED_VALUES = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/;

/** Each column's allowed values where a CHECK lists them ("table.column" → values). */
async function allowedValues(db: Db): Promise<Map<string, string[]>> {
  const { rows } = await sql<CheckRow>`
    select conrelid::regclass::text as table_name, pg_get_constraintdef(oid) as definition
    from pg_constraint
    where contype = 'c' and connamespace = 'public'::regnamespace
  `.execute(db);
  const allowed = new Map<string, string[]>();
  for (const row of rows) {
    const match = ALLOWED_VALUES.exec(row.definition);
    if (!match) continue;
    const values = [...match[2]!.matchAll(/'((?:[^']|'')*)'::text/g)].map((value) => value[1]!.replaceAll("''", "'"));
    allowed.set(`${row.table_name}.${match[1]}`, values);
  }
  return allowed;
}

/**
 * The tables of the migrated database (the public schema, the migrator's own tables aside) as one
 * TypeScript interface: each column as a row read gives it, `| null` where the column allows NULL,
 * and where a CHECK lists a text column's allowed values, the union of those values.
 * db/schema.ts is checked against it at compile time, and a test regenerates it from a freshly migrated
 * database, so the hand-written schema cannot drift from the migrations.
 */
export async function describeColumns(db: Db): Promise<string> {
  const { rows } = await sql<ColumnRow>`
    select c.table_name, c.column_name, c.udt_name, c.is_nullable
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name not like 'kysely\\_%'
    order by c.table_name, c.ordinal_position
  `.execute(db);
  const allowed = await allowedValues(db);
  const tables = new Map<string, string[]>();
  for (const row of rows) {
    const columns = tables.get(row.table_name) ?? [];
    const nullable = row.is_nullable === 'YES' ? ' | null' : '';
    const values = allowed.get(`${row.table_name}.${row.column_name}`);
    const type = values
      ? values.map((value) => JSON.stringify(value).replaceAll('"', "'")).join(' | ')
      : tsType(row.udt_name);
    columns.push(`    ${row.column_name}: ${type}${nullable};`);
    tables.set(row.table_name, columns);
  }
  const body = [...tables].map(([table, columns]) => `  ${table}: {\n${columns.join('\n')}\n  };`).join('\n');
  return [
    '// Generated from the migrated database by `npm run db:types -w @fartwin/server`: do not edit.',
    '// db/schema.ts must agree with it (checked at compile time there).',
    '',
    '/** Every table of the migrated database, each column as a row read gives it. */',
    'export interface DatabaseColumns {',
    body,
    '}',
    '',
  ].join('\n');
}
