import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The token's CREATE2 salt (32 random bytes, hex), stored before the deploy transaction is sent.
  await db.schema.alterTable('deployments').addColumn('token_salt', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('deployments').dropColumn('token_salt').execute();
}
