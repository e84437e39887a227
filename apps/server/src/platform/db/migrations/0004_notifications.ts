import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One notification token per user and Farcaster client (app fid), from the client's webhook.
  await db.schema
    .createTable('notification_tokens')
    .addColumn('fid', 'bigint', (column) => column.notNull())
    .addColumn('app_fid', 'bigint', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('token', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('notification_tokens_pk', ['fid', 'app_fid'])
    .execute();
  // The sender groups tokens by URL and deletes the ones a client reports invalid.
  await db.schema
    .createIndex('notification_tokens_token')
    .on('notification_tokens')
    .columns(['url', 'token'])
    .execute();

  // Webhook events already applied, by signature: a replayed event is refused.
  await db.schema
    .createTable('webhook_events')
    .addColumn('signature', 'text', (column) => column.primaryKey())
    .addColumn('fid', 'bigint', (column) => column.notNull())
    .addColumn('app_fid', 'bigint', (column) => column.notNull())
    .addColumn('event', 'text', (column) => column.notNull())
    .addColumn('received_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  // Each twin's expiry (unix seconds) as the LifeExtended indexer last saw it on the chain.
  await db.schema
    .createTable('agent_lives')
    .addColumn('agent_id', 'text', (column) => column.primaryKey().references('agents.agent_id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('agent_lives_expires_at').on('agent_lives').column('expires_at').execute();

  // Life notifications sent, once per twin, expiry and kind: a revival (a new expiry) re-arms them.
  await db.schema
    .createTable('life_notifications')
    .addColumn('agent_id', 'text', (column) => column.notNull().references('agents.agent_id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('battery-warning', 'dead')`))
    .addColumn('sent_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('life_notifications_pk', ['agent_id', 'expires_at', 'kind'])
    .execute();

  // Local mode's app keys: the ed25519 keys Farcaster clients (the dev host) sign webhook events
  // with, per user and client; production checks keys on the Farcaster hubs instead.
  await db.schema
    .createTable('local_app_keys')
    .addColumn('public_key', 'text', (column) => column.primaryKey())
    .addColumn('fid', 'bigint', (column) => column.notNull())
    .addColumn('app_fid', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  // How far each chain indexer has read (block number).
  await db.schema
    .createTable('chain_cursors')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('block', 'bigint', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'local_app_keys',
    'chain_cursors',
    'life_notifications',
    'agent_lives',
    'webhook_events',
    'notification_tokens',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
