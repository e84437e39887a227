import { type Kysely, sql } from 'kysely';

/**
 * When the fee keeper last looked at each twin (economy/fee-keeper-job.ts): a tick takes the due
 * twins it looked at longest ago first, so twins whose fees never cover a battery cannot keep the
 * others out of a tick's few places.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('twin_fee_checks')
    .addColumn('agent_id', 'text', (column) => column.primaryKey().references('agents.agent_id').onDelete('cascade'))
    .addColumn('checked_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('twin_fee_checks').execute();
}
