import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Web mode's wallet sign-in: nonces the server issued, each accepted once (deleted as it is used,
  // or once expired). In Postgres so any replica can accept a nonce another one issued.
  await db.schema
    .createTable('wallet_sign_in_nonces')
    .addColumn('nonce', 'text', (column) => column.primaryKey())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('wallet_sign_in_nonces_created_at')
    .on('wallet_sign_in_nonces')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_sign_in_nonces').execute();
}
