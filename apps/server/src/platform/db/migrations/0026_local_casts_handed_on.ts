import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A local cast published through the network's API is handed to the twins it concerns as it is
  // published, then marked; the feed passes over it. A constant default: no rewrite of the table.
  await db.schema
    .alterTable('social_casts')
    .addColumn('handed_on', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('social_casts').dropColumn('handed_on').execute();
}
