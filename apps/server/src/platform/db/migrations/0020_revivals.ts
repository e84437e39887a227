import { type Kysely, sql } from 'kysely';

const WRITING_KINDS_BEFORE = `'thread-reply', 'dead-reply', 'dm-reply', 'post', 'digest'`;
// As 0016_owner_approval_pause left them (posts' and digests' skips too).
const SKIP_KINDS_BEFORE = `'thread-reply', 'dm-reply', 'post', 'digest'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every payment for a twin's life the life indexer read (a LifePaid event and its LifeExtended),
  // once per log: the public list of revivers and the owner's notice and the thank-you are made from
  // it. Written in the transaction that moves the index's cursor, so a second pass adds nothing.
  await db.schema
    .createTable('revivals')
    .addColumn('tx_hash', 'text', (column) => column.notNull())
    .addColumn('log_index', 'integer', (column) => column.notNull())
    .addColumn('agent_id', 'text', (column) => column.notNull().references('agents.agent_id').onDelete('cascade'))
    .addColumn('payer', 'text', (column) => column.notNull())
    .addColumn('block', 'bigint', (column) => column.notNull())
    // The clock (unix seconds, chain time locally) when it was indexed.
    .addColumn('clock_at', 'bigint', (column) => column.notNull())
    // Who paid, as the social job found them: their account, or null for an address without one.
    .addColumn('payer_fid', 'bigint')
    .addColumn('payer_username', 'text')
    // What the job made of it: social (a third party: notice and thanks), or why not.
    .addColumn('outcome', 'text', (column) =>
      column.check(sql`outcome in ('social', 'own-wallet', 'operator', 'owner')`),
    )
    .addColumn('notified_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('revivals_pkey', ['tx_hash', 'log_index'])
    .execute();
  await db.schema
    .createIndex('revivals_agent_latest')
    .on('revivals')
    .columns(['agent_id', 'block desc', 'log_index desc'])
    .execute();

  // The twin's wallet's ledger: every spend from it, recorded before it is sent (intent, then the
  // signed transaction and its hash, then the outcome), once per request key. A retry or another
  // replica finds the row and sends the same signed transaction again, never a second one.
  await db.schema
    .createTable('twin_wallet_spends')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('agent_id', 'text', (column) => column.notNull().references('agents.agent_id').onDelete('cascade'))
    .addColumn('request_key', 'text', (column) => column.notNull().unique())
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('withdrawal')`))
    .addColumn('asset', 'text', (column) => column.notNull().check(sql`asset in ('eth', 'usdc', 'token')`))
    .addColumn('amount', 'numeric(78, 0)', (column) => column.notNull())
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('requested_by_fid', 'bigint')
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('intent').check(sql`status in ('intent', 'sent', 'confirmed', 'failed')`),
    )
    .addColumn('raw_tx', 'text')
    .addColumn('tx_hash', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('twin_wallet_spends_agent')
    .on('twin_wallet_spends')
    .columns(['agent_id', 'created_at'])
    .execute();

  // The twin's thank-you cast is one of its writings, under the same limits and skip records.
  await sql`alter table twin_writings drop constraint twin_writings_kind_check`.execute(db);
  await sql
    .raw(`alter table twin_writings add constraint twin_writings_kind_check
      check (kind in (${WRITING_KINDS_BEFORE}, 'thank-you'))`)
    .execute(db);
  await sql`alter table twin_write_skips drop constraint twin_write_skips_kind_check`.execute(db);
  await sql
    .raw(`alter table twin_write_skips add constraint twin_write_skips_kind_check
      check (kind in (${SKIP_KINDS_BEFORE}, 'thank-you'))`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from twin_writings where kind = 'thank-you'`.execute(db);
  await sql`delete from twin_write_skips where kind = 'thank-you'`.execute(db);
  await sql`alter table twin_writings drop constraint twin_writings_kind_check`.execute(db);
  await sql
    .raw(`alter table twin_writings add constraint twin_writings_kind_check check (kind in (${WRITING_KINDS_BEFORE}))`)
    .execute(db);
  await sql`alter table twin_write_skips drop constraint twin_write_skips_kind_check`.execute(db);
  await sql
    .raw(
      `alter table twin_write_skips add constraint twin_write_skips_kind_check check (kind in (${SKIP_KINDS_BEFORE}))`,
    )
    .execute(db);
  await db.schema.dropTable('twin_wallet_spends').execute();
  await db.schema.dropTable('revivals').execute();
}
