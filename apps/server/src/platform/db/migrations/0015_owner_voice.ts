import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Grows with every change of the character (a voice edit, a revert, casts learned): replicas compare
  // it to the one they keep in memory (twins/character-cache.ts), so a change holds on every replica.
  await db.schema
    .alterTable('agents')
    .addColumn('voice_version', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  // Every voice the owner saved, kept so they can go back to one.
  await db.schema
    .createTable('twin_voice_versions')
    .addColumn('agent_id', 'text', (column) => column.notNull().references('agents.agent_id').onDelete('cascade'))
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('voice', 'jsonb', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('twin_voice_versions_pk', ['agent_id', 'version'])
    .execute();
  // What the twin learned from its owner's casts: the newest cast it knows, when it last looked.
  await db.schema
    .createTable('twin_cast_learning')
    .addColumn('agent_id', 'text', (column) => column.primaryKey().references('agents.agent_id').onDelete('cascade'))
    .addColumn('newest_cast_at', 'timestamptz')
    .addColumn('learned_at', 'timestamptz', (column) => column.notNull())
    .execute();
  // The daily learning's exactly-once key: one row per twin and day (of the schedules' clock).
  await db.schema
    .createTable('twin_learning_days')
    .addColumn('agent_id', 'text', (column) => column.notNull().references('agents.agent_id').onDelete('cascade'))
    .addColumn('day', 'integer', (column) => column.notNull())
    .addColumn('learned', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('twin_learning_days_pk', ['agent_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('twin_learning_days').execute();
  await db.schema.dropTable('twin_cast_learning').execute();
  await db.schema.dropTable('twin_voice_versions').execute();
  await db.schema.alterTable('agents').dropColumn('voice_version').execute();
}
