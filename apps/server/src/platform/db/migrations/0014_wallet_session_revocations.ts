import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Web mode's signed-out sessions, by their token's jti, kept until the token would have expired
  // anyway (then a ticker deletes them). In Postgres, so a sign-out on one replica holds on all.
  await db.schema
    .createTable('wallet_session_revocations')
    .addColumn('jti', 'text', (column) => column.primaryKey())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_session_revocations_expires_at')
    .on('wallet_session_revocations')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_session_revocations').execute();
}
