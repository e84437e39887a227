import type { Kysely } from 'kysely';

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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['twin_writings', 'twin_drafts']) {
    await db.schema.alterTable(table).dropColumn('answered_text').dropColumn('answered_username').execute();
  }
}
