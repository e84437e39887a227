import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // What a twin remembers of each person it talked with (@fartwin/echo, people-memory.ts): one row per
  // exchange, keyed by the writing that answered it (a thread reply's or a message's exactly-once
  // key, a chat turn's id), so a retried job never remembers one exchange twice. Bounded by the
  // writer: a few exchanges per person, a few hundred people per twin (the oldest dropped).
  await db.schema
    .createTable('people_memory')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('agent_id', 'text', (column) => column.notNull().references('agents.agent_id').onDelete('cascade'))
    .addColumn('fid', 'bigint', (column) => column.notNull())
    .addColumn('username', 'text')
    .addColumn('channel', 'text', (column) => column.notNull().check(sql`channel in ('chat', 'thread', 'dm')`))
    .addColumn('said', 'text', (column) => column.notNull().check(sql`char_length(said) <= 280`))
    .addColumn('topics', sql`text[]`, (column) => column.notNull().check(sql`cardinality(topics) <= 8`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('people_memory_person')
    .on('people_memory')
    .columns(['agent_id', 'fid', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('people_memory').execute();
}
