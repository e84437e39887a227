import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The cast a thread reply answered (its text, clipped, and its author), stored when the reply is
  // written: Activity shows it without a provider call per item. Null on rows written before.
  for (const table of ['twin_writings', 'twin_drafts']) {
    await db.schema
      .alterTable(table)
      .addColumn('answered_text', 'text')
      .addColumn('answered_username', 'text')
      .execute();
  }
  // What the cleanups delete by, so a batch reads what it deletes rather than the whole table:
  // closed drafts by age, learning days by day.
  await db.schema
    .createIndex('twin_drafts_closed_created_at')
    .on('twin_drafts')
    .column('created_at')
    .where(sql.ref('status'), 'in', ['published', 'discarded', 'expired'])
    .execute();
  await db.schema.createIndex('twin_learning_days_day').on('twin_learning_days').column('day').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('twin_learning_days_day').execute();
  await db.schema.dropIndex('twin_drafts_closed_created_at').execute();
  for (const table of ['twin_writings', 'twin_drafts']) {
    await db.schema.alterTable(table).dropColumn('answered_text').dropColumn('answered_username').execute();
  }
}
