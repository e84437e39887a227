import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The wallets an owner signed in with (web mode's SIWE): Base's Notifications API reaches users
  // by wallet address, and a session token is not stored anywhere else.
  await db.schema
    .createTable('wallet_notification_addresses')
    .addColumn('fid', 'bigint', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('signed_in_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('wallet_notification_addresses_pkey', ['fid', 'address'])
    .execute();
  // Each notice once per wallet on Base's channel: the delivery that claimed an address is the only
  // one that sends to it (its retries carry the same delivery id); sent_at once Base took it.
  await db.schema
    .createTable('base_notification_sends')
    .addColumn('notification_id', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('delivery_id', 'uuid', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('base_notification_sends_pkey', ['notification_id', 'address'])
    .execute();
  await db.schema
    .createIndex('base_notification_sends_created_at')
    .on('base_notification_sends')
    .column('created_at')
    .execute();
  // Base allows 20 requests a minute to both endpoints together, across every replica: each request
  // takes the next free slot after this one.
  await db.schema
    .createTable('base_notification_pace')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('paced_until', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into base_notification_pace (id) values (1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('base_notification_pace').execute();
  await db.schema.dropTable('base_notification_sends').execute();
  await db.schema.dropTable('wallet_notification_addresses').execute();
}
