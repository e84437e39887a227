import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Whose turn it is to write a twin's post (twin-actions/content-writer/post.ts): one post of a
  // twin is composed at a time, so that a day's two slots each see the other among the earlier
  // posts. The turn is a row, not a lock: it is taken in one statement and no connection is held
  // while the model writes and the post is cast.
  await db.schema
    .createTable('twin_post_turns')
    .addColumn('agent_id', 'text', (column) => column.primaryKey().references('agents.agent_id').onDelete('cascade'))
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('taken_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('twin_post_turns').ifExists().execute();
}
