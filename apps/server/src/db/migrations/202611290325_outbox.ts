import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every transaction the service signs (outbox/): the intent under the caller's exactly-once key,
  // then the signed bytes and their hash (stored before anything is sent), then the outcome.
  await db.schema
    .createTable('outbox_transactions')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('withdrawal', 'keeper', 'relay')`))
    .addColumn('key', 'text', (column) => column.notNull().unique())
    .addColumn('agent_id', 'text')
    .addColumn('signer', 'text', (column) => column.notNull())
    .addColumn('tx_to', 'text', (column) => column.notNull())
    .addColumn('call_data', 'text', (column) => column.notNull().defaultTo('0x'))
    .addColumn('value_wei', 'numeric(78, 0)', (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('intent').check(sql`status in ('intent', 'sent', 'confirmed', 'failed')`),
    )
    .addColumn('nonce', 'bigint')
    .addColumn('raw_tx', 'text')
    .addColumn('tx_hash', 'text', (column) => column.unique())
    .addColumn('error', 'text')
    // An intent not signed by then is never signed (a withdrawal's minutes, a keeper period's end).
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('signed_at', 'timestamptz')
    // A withdrawal's: what the owner asked for (the transaction's `tx_to` is the token for an ERC-20).
    .addColumn('asset', 'text', (column) => column.check(sql`asset in ('eth', 'usdc', 'token')`))
    .addColumn('amount', 'numeric(78, 0)')
    .addColumn('recipient', 'text')
    .addColumn('requested_by_fid', 'bigint')
    // The fee keeper's: its period (a UTC day) and step, and the amounts the step moves.
    .addColumn('period', 'text')
    .addColumn('step', 'text')
    .addColumn('weth_wei', 'numeric')
    .addColumn('usdc', 'numeric')
    .addColumn('token_amount', 'numeric')
    // A relayed battery's: the payer's EIP-3009 authorization and the asker's address.
    .addColumn('payer', 'text')
    .addColumn('auth_nonce', 'text')
    .addColumn('client_ip', 'text')
    .execute();
  await db.schema
    .createIndex('outbox_transactions_agent')
    .on('outbox_transactions')
    .columns(['agent_id', 'kind', 'created_at'])
    .execute();
  await db.schema
    .createIndex('outbox_transactions_signed')
    .on('outbox_transactions')
    .columns(['agent_id', 'kind', 'signed_at'])
    .execute();
  await db.schema.createIndex('outbox_transactions_created').on('outbox_transactions').column('created_at').execute();
  // The sweep's look at what is stuck: a few rows among many settled.
  await sql`create index outbox_transactions_unsettled on outbox_transactions (updated_at)
    where status in ('intent', 'sent')`.execute(db);
  // One row per signer: the next nonce the outbox hands out for it, taken under `for update`.
  await db.schema
    .createTable('outbox_signers')
    .addColumn('address', 'text', (column) => column.primaryKey())
    .addColumn('next_nonce', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox_signers').execute();
  await db.schema.dropTable('outbox_transactions').execute();
}
