import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // When a withdrawal was signed: its daily cap counts what was signed in the last 24 hours, not
  // what was asked for then (an intent asked for a day ago and signed now counts today).
  await db.schema.alterTable('twin_wallet_spends').addColumn('signed_at', 'timestamptz').execute();
  // Rows signed before this column: signed when asked for, as the service then did.
  await sql`update twin_wallet_spends set signed_at = created_at where tx_hash is not null`.execute(db);
  await db.schema
    .createIndex('twin_wallet_spends_signed_at')
    .on('twin_wallet_spends')
    .columns(['agent_id', 'signed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('twin_wallet_spends_signed_at').execute();
  await db.schema.alterTable('twin_wallet_spends').dropColumn('signed_at').execute();
}
