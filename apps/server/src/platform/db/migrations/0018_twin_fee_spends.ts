import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every transaction the fee keeper sends for a twin, recorded before it is sent: the intent, then
  // the signed transaction and its hash, then the outcome. One row per twin, period and step, so a
  // retry or a second replica finds the row and never signs a second spend.
  await db.schema
    .createTable('twin_fee_spends')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('agent_id', 'text', (column) => column.notNull())
    .addColumn('period', 'text', (column) => column.notNull())
    .addColumn('step', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('intent').check(sql`status in ('intent', 'sent', 'confirmed', 'failed')`),
    )
    .addColumn('sender', 'text', (column) => column.notNull())
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('call_data', 'text', (column) => column.notNull())
    .addColumn('value_wei', 'numeric', (column) => column.notNull().defaultTo(0))
    .addColumn('weth_wei', 'numeric')
    .addColumn('usdc', 'numeric')
    .addColumn('token_amount', 'numeric')
    .addColumn('raw_tx', 'text')
    .addColumn('tx_hash', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('twin_fee_spends_once', ['agent_id', 'period', 'step'])
    .execute();
  await db.schema.createIndex('twin_fee_spends_created').on('twin_fee_spends').columns(['created_at']).execute();
  // The owner's "Pay my battery from my token's fees" (on unless a row says off).
  await db.schema
    .createTable('twin_fee_settings')
    .addColumn('agent_id', 'text', (column) => column.primaryKey())
    .addColumn('pay_battery_from_fees', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('twin_fee_settings').execute();
  await db.schema.dropTable('twin_fee_spends').execute();
}
