import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per user's twin in the making: the deploy pipeline's state and every step's output, so
  // a retried step finds what an earlier attempt already did.
  await db.schema
    .createTable('deployments')
    // One deployment per user: 20 concurrent deploy calls all find this one row.
    .addColumn('owner_fid', 'bigint', (column) => column.primaryKey())
    .addColumn('agent_id', 'text', (column) => column.notNull().unique())
    .addColumn('choices', 'jsonb', (column) => column.notNull())
    .addColumn('character', 'jsonb', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().check(sql`status in ('running', 'completed', 'failed')`))
    // Per step: { status, error?, attempts }.
    .addColumn('steps', 'jsonb', (column) => column.notNull())
    .addColumn('error_type', 'text')
    .addColumn('error_text', 'text')
    .addColumn('wallet_address', 'text')
    // AES-256-GCM under WALLET_ENCRYPTION_KEY (deploy/wallet-keys.ts); never leaves the server.
    .addColumn('wallet_key_ciphertext', 'text')
    .addColumn('twin_fid', 'bigint')
    .addColumn('twin_username', 'text')
    .addColumn('twin_display_name', 'text')
    .addColumn('twin_pfp_url', 'text')
    .addColumn('twin_signer_id', 'text')
    .addColumn('token_address', 'text')
    .addColumn('token_symbol', 'text')
    .addColumn('token_tx_hash', 'text')
    .addColumn('battery_tx_hash', 'text')
    .addColumn('welcome_cast_hash', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  // New accounts of the local social network (twins, new users) get fids from here, far above the
  // sample users', so concurrent deploys never pick the same fid.
  await sql`create sequence social_accounts_new_fid start with 500000`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop sequence social_accounts_new_fid`.execute(db);
  await db.schema.dropTable('deployments').execute();
}
