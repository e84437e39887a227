import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The settlement sweep looks for spends still `sent`, oldest first: a few rows among many settled.
  await db.schema
    .createIndex('twin_wallet_spends_sent')
    .on('twin_wallet_spends')
    .column('updated_at')
    .where(sql.ref('status'), '=', 'sent')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('twin_wallet_spends_sent').execute();
}
