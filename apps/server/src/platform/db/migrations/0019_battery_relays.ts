import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Signed batteries the operator relays (relay/): one row per EIP-3009 authorization (payer and
  // nonce), written before the transaction is sent, so a retry or another replica never sends it
  // twice; the daily caps count these rows.
  await db.schema
    .createTable('battery_relays')
    .addColumn('payer', 'text', (column) => column.notNull())
    .addColumn('nonce', 'text', (column) => column.notNull())
    .addColumn('agent_id', 'text', (column) => column.notNull())
    // Which attempt holds the row: a stale attempt's late write cannot land on a newer one's row.
    .addColumn('claim', 'text', (column) => column.notNull())
    // The signed transaction and its hash, stored before it is broadcast: a retry sends the same one.
    .addColumn('tx_hash', 'text', (column) => column.unique())
    .addColumn('raw_tx', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('battery_relays_pkey', ['payer', 'nonce'])
    .execute();
  await db.schema.createIndex('battery_relays_created_at').on('battery_relays').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('battery_relays').execute();
}
