import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // What the output policy changed in a twin's text (twin-actions/output-policy.ts), kept with the
  // writing and the draft for the owner's Activity. A constant default: no rewrite of the tables.
  for (const table of ['twin_writings', 'twin_drafts']) {
    await db.schema
      .alterTable(table)
      .addColumn('policy', sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'::text[]`))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['twin_writings', 'twin_drafts'])
    await db.schema.alterTable(table).dropColumn('policy').execute();
}
