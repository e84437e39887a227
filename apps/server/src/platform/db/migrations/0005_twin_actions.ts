import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The /info switches per twin; a twin without a row has the product's defaults. `*_since` is the
  // clock time (unix seconds) a schedule was turned on: slots before it are not caught up on.
  await db.schema
    .createTable('agent_actions')
    .addColumn('agent_id', 'text', (column) => column.primaryKey().references('agents.agent_id').onDelete('cascade'))
    .addColumn('reply_on_farcaster', 'boolean', (column) => column.notNull())
    .addColumn('reply_to_direct_messages', 'boolean', (column) => column.notNull())
    .addColumn('content_writer', 'boolean', (column) => column.notNull())
    .addColumn('notifications', 'boolean', (column) => column.notNull())
    .addColumn('content_writer_since', 'bigint')
    .addColumn('notifications_since', 'bigint')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  // Everything a twin wrote on its own (thread replies, direct-message answers, posts, digests),
  // once per key: the exactly-once record. The text is kept before it is delivered, so a retry
  // after a crash delivers the same text under the same idempotency key.
  await db.schema
    .createTable('twin_writings')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('agent_id', 'text', (column) => column.notNull().references('agents.agent_id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(sql`kind in ('thread-reply', 'dead-reply', 'dm-reply', 'post', 'digest')`),
    )
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('engine', 'text')
    .addColumn('thread_hash', 'text')
    .addColumn('counterpart_fid', 'bigint')
    .addColumn('delivered_ref', 'text')
    .addColumn('clock_at', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('twin_writings_agent').on('twin_writings').columns(['agent_id', 'clock_at']).execute();
  await db.schema.createIndex('twin_writings_thread').on('twin_writings').column('thread_hash').execute();

  // Local mode's direct messages (Farcaster's direct casts): between a person and a twin.
  await db.schema
    .createTable('local_direct_messages')
    .addColumn('id', 'serial', (column) => column.primaryKey())
    .addColumn('from_fid', 'bigint', (column) => column.notNull().references('social_accounts.fid'))
    .addColumn('to_fid', 'bigint', (column) => column.notNull().references('social_accounts.fid'))
    .addColumn('text', 'text', (column) => column.notNull())
    // A twin's answer carries its writing's key: a retried delivery finds it instead of sending twice.
    .addColumn('idempotency_key', 'text', (column) => column.unique())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('local_direct_messages_pair')
    .on('local_direct_messages')
    .columns(['from_fid', 'to_fid', 'id'])
    .execute();

  // Neynar webhook deliveries accepted, by signature: a replayed delivery is refused.
  await db.schema
    .createTable('neynar_deliveries')
    .addColumn('signature', 'text', (column) => column.primaryKey())
    .addColumn('received_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['neynar_deliveries', 'local_direct_messages', 'twin_writings', 'agent_actions']) {
    await db.schema.dropTable(table).execute();
  }
}
