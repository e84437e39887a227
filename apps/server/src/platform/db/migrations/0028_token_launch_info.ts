import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // What the twin's token says of who launched it (image, description, socials, context), stored
  // with the salt because both go into the token's CREATE2 address. Rows with a salt and no info
  // were recorded before: their launch is retried as it was first sent, at the same address.
  await db.schema.alterTable('deployments').addColumn('token_launch_info', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('deployments').dropColumn('token_launch_info').execute();
}
