import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Inputs from outside that shared work (the life index, jobs) could not use and skipped, so the
  // work goes on and an operator can see what was skipped. One row per input: `key` names it within
  // its source (a chain log's tx and index, a job's id), so a retry or a second replica records it once.
  await db.schema
    .createTable('rejected_inputs')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('excerpt', 'text', (column) => column.notNull())
    .addColumn('block', 'bigint')
    .addColumn('tx_hash', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('rejected_inputs_source_key', ['source', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rejected_inputs').execute();
}
