import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // rate-limiter-flexible's Postgres store (its own layout): one row per limiter and key, shared by
  // every replica. Created here, not by the library at start-up, so replicas never race to create it.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (column) => column.primaryKey())
    .addColumn('points', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
