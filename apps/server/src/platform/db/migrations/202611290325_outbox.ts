import { type Kysely, sql } from 'kysely';
import { type Hex, parseTransaction, recoverTransactionAddress, type TransactionSerialized } from 'viem';
import * as batteryRelays from './0019_battery_relays.ts';
import * as sentSpendsIndex from './0025_sent_spends_index.ts';
import * as withdrawalSignedAt from './0034_withdrawal_signed_at.ts';
import * as relayOutcomes from './0035_relay_outcomes.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every transaction the service signs (outbox/): the intent under the caller's exactly-once key,
  // then the signed bytes and their hash (stored before anything is sent), then the outcome.
  await db.schema
    .createTable('outbox_transactions')
    .ifNotExists()
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
    .addColumn('tx_hash', 'text')
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
    .ifNotExists()
    .on('outbox_transactions')
    .columns(['agent_id', 'kind', 'created_at'])
    .execute();
  await db.schema
    .createIndex('outbox_transactions_signed')
    .ifNotExists()
    .on('outbox_transactions')
    .columns(['agent_id', 'kind', 'signed_at'])
    .execute();
  await db.schema
    .createIndex('outbox_transactions_tx_hash')
    .ifNotExists()
    .on('outbox_transactions')
    .column('tx_hash')
    .execute();
  await db.schema
    .createIndex('outbox_transactions_created')
    .ifNotExists()
    .on('outbox_transactions')
    .column('created_at')
    .execute();
  // The sweep's look at what is stuck: a few rows among many settled.
  await sql`create index if not exists outbox_transactions_unsettled on outbox_transactions (updated_at)
    where status in ('intent', 'sent')`.execute(db);
  // One row per signer: the next nonce the outbox hands out for it, taken under `for update`.
  await db.schema
    .createTable('outbox_signers')
    .ifNotExists()
    .addColumn('address', 'text', (column) => column.primaryKey())
    .addColumn('next_nonce', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await moveOldLedgers(db);
}

/** Rows one statement of the move copies. */
const MOVE_BATCH = 1_000;

/**
 * The ledgers the outbox replaces move into it, a batch of rows at a time (by id, or by key), each
 * dropped once its rows are in. Safe to run again: a ledger already gone is passed over, and a row
 * already moved (its key taken) is not copied twice.
 */
export async function moveOldLedgers(db: Kysely<unknown>): Promise<void> {
  if (await tableExists(db, 'twin_wallet_spends')) {
    // Owners' withdrawals. The transaction's own call was never stored: its signed bytes say it; an
    // intent never signed is past its time (it is signed from `tx_to`, which holds the recipient here).
    await inBatches(db, 'twin_wallet_spends', (after, upTo) =>
      sql`insert into outbox_transactions
          (kind, key, agent_id, signer, tx_to, call_data, value_wei, status, raw_tx, tx_hash, error,
           expires_at, created_at, updated_at, signed_at, asset, amount, recipient, requested_by_fid)
        select 'withdrawal', 'withdrawal:' || s.request_key, s.agent_id, lower(a.wallet_address), s.to_address,
          '0x', case when s.asset = 'eth' then s.amount else 0 end, s.status, s.raw_tx, s.tx_hash, s.error,
          least(s.created_at + interval '10 minutes', now()), s.created_at, s.updated_at, s.signed_at,
          s.asset, s.amount, s.to_address, s.requested_by_fid
        from twin_wallet_spends s join agents a on a.agent_id = s.agent_id
        where s.id > ${after} and s.id <= ${upTo}
        on conflict (key) do nothing`.execute(db),
    );
    await db.schema.dropTable('twin_wallet_spends').execute();
  }
  if (await tableExists(db, 'twin_fee_spends')) {
    // The fee keeper's steps, as recorded: a step never signed has its period's deadline, two days.
    await inBatches(db, 'twin_fee_spends', (after, upTo) =>
      sql`insert into outbox_transactions
          (kind, key, agent_id, signer, tx_to, call_data, value_wei, status, raw_tx, tx_hash, error,
           expires_at, created_at, updated_at, signed_at, period, step, weth_wei, usdc, token_amount)
        select 'keeper', 'keeper:' || agent_id || ':' || period || ':' || step, agent_id, lower(sender), to_address,
          call_data, value_wei, status, raw_tx, tx_hash, error, created_at + interval '2 days', created_at,
          updated_at, case when raw_tx is not null then updated_at end, period, step, weth_wei, usdc, token_amount
        from twin_fee_spends
        where id > ${after} and id <= ${upTo}
        on conflict (key) do nothing`.execute(db),
    );
    await db.schema.dropTable('twin_fee_spends').execute();
  }
  if (await tableExists(db, 'battery_relays')) {
    // Relayed batteries: each signed one, its sender, nonce and call read from its signed bytes. A
    // claim never signed sent nothing and is left behind (the next claim of it would remove it).
    for (let after = { payer: '', nonce: '' }; ; ) {
      const { rows } = await sql<OldRelay>`
        select payer, nonce, agent_id, tx_hash, raw_tx, outcome, client_ip, created_at from battery_relays
        where raw_tx is not null and (payer, nonce) > (${after.payer}, ${after.nonce})
        order by payer, nonce limit ${MOVE_BATCH}`.execute(db);
      if (rows.length === 0) break;
      const moved = await Promise.all(rows.map(relayRow));
      await db
        .insertInto('outbox_transactions' as never)
        .values(moved as never)
        .onConflict((conflict) => conflict.column('key' as never).doNothing())
        .execute();
      const last = rows.at(-1)!;
      after = { payer: last.payer, nonce: last.nonce };
    }
    await db.schema.dropTable('battery_relays').execute();
  }
}

interface OldRelay {
  payer: string;
  nonce: string;
  agent_id: string;
  tx_hash: string;
  raw_tx: Hex;
  outcome: 'succeeded' | 'reverted' | null;
  client_ip: string | null;
  created_at: Date;
}

async function relayRow(old: OldRelay) {
  const serialized = old.raw_tx as TransactionSerialized;
  const transaction = parseTransaction(serialized);
  return {
    kind: 'relay',
    key: `relay:${old.payer}:${old.nonce}`,
    agent_id: old.agent_id,
    signer: (await recoverTransactionAddress({ serializedTransaction: serialized })).toLowerCase(),
    tx_to: transaction.to ?? '0x',
    call_data: transaction.data ?? '0x',
    value_wei: String(transaction.value ?? 0n),
    status: old.outcome === 'succeeded' ? 'confirmed' : old.outcome === 'reverted' ? 'failed' : 'sent',
    nonce: transaction.nonce ?? null,
    raw_tx: old.raw_tx,
    tx_hash: old.tx_hash,
    // What the outbox's settlement says of a relay that reverted (outbox/settle.ts).
    error: old.outcome === 'reverted' ? 'reverted' : null,
    expires_at: old.created_at,
    created_at: old.created_at,
    updated_at: old.created_at,
    signed_at: old.created_at,
    payer: old.payer,
    auth_nonce: old.nonce,
    client_ip: old.client_ip,
  };
}

async function tableExists(db: Kysely<unknown>, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select to_regclass(${table}) is not null as found`.execute(db);
  return rows[0]!.found;
}

/** Runs `copy` over the old table's ids, MOVE_BATCH at a time, oldest first. */
async function inBatches(
  db: Kysely<unknown>,
  table: string,
  copy: (after: number, upTo: number) => Promise<unknown>,
): Promise<void> {
  for (let after = 0; ; ) {
    const { rows } = await sql<{ up_to: string | null }>`
      select max(id)::text as up_to from (select id from ${sql.table(table)} where id > ${after} order by id limit ${MOVE_BATCH}) batch`.execute(
      db,
    );
    const upTo = rows[0]?.up_to;
    if (!upTo) return;
    await copy(after, Number(upTo));
    after = Number(upTo);
  }
}

/**
 * The three ledgers come back, as they were before this migration, with what maps from the
 * outbox's rows, a batch at a time: owners' withdrawals (of twins still there), the fee keeper's
 * steps, and relays that were signed or are claimed (a relay whose nonce another transaction took
 * paid nothing and is left behind, so its signature may be sent again). Then the outbox goes.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await createOldLedgers(db);
  await inBatches(db, 'outbox_transactions', (after, upTo) =>
    sql`insert into twin_wallet_spends
        (agent_id, request_key, kind, asset, amount, to_address, requested_by_fid, status, raw_tx, tx_hash, error,
         created_at, updated_at, signed_at)
      select o.agent_id, substr(o.key, length('withdrawal:') + 1), 'withdrawal', o.asset, o.amount, o.recipient,
        o.requested_by_fid, o.status, o.raw_tx, o.tx_hash, o.error, o.created_at, o.updated_at, o.signed_at
      from outbox_transactions o join agents a on a.agent_id = o.agent_id
      where o.kind = 'withdrawal' and o.id > ${after} and o.id <= ${upTo}
      on conflict (request_key) do nothing`.execute(db),
  );
  await inBatches(db, 'outbox_transactions', (after, upTo) =>
    sql`insert into twin_fee_spends
        (agent_id, period, step, status, sender, to_address, call_data, value_wei, weth_wei, usdc, token_amount,
         raw_tx, tx_hash, error, created_at, updated_at)
      select agent_id, period, step, status, signer, tx_to, call_data, value_wei, weth_wei, usdc, token_amount,
        raw_tx, tx_hash, error, created_at, updated_at
      from outbox_transactions
      where kind = 'keeper' and id > ${after} and id <= ${upTo}
      on conflict (agent_id, period, step) do nothing`.execute(db),
  );
  await inBatches(db, 'outbox_transactions', (after, upTo) =>
    sql`insert into battery_relays (payer, nonce, agent_id, claim, tx_hash, raw_tx, outcome, client_ip, created_at)
      select payer, auth_nonce, agent_id, 'outbox:' || id, tx_hash, raw_tx,
        case status when 'confirmed' then 'succeeded' when 'failed' then 'reverted' end, client_ip, created_at
      from outbox_transactions
      where kind = 'relay' and id > ${after} and id <= ${upTo}
        and (status <> 'failed' or error = ${RELAY_REVERTED})
      on conflict do nothing`.execute(db),
  );
  await db.schema.dropTable('outbox_signers').execute();
  await db.schema.dropTable('outbox_transactions').execute();
}

/** What the outbox's settlement writes on a relay that reverted (outbox/settle.ts): the old ledger's 'reverted'. */
const RELAY_REVERTED = 'reverted';

/**
 * The old ledgers' schema, as their own migrations left it: the tables 0018 and 0020 made beside
 * others (written out here), then the migrations that made or changed only these (run again).
 */
async function createOldLedgers(db: Kysely<unknown>): Promise<void> {
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

  // As 0019 made it and 0035 added its outcome and client address.
  await batteryRelays.up(db);
  await relayOutcomes.up(db);

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
  // Its later index of what is still sent (0025), and when each was signed (0034).
  await sentSpendsIndex.up(db);
  await withdrawalSignedAt.up(db);
}
