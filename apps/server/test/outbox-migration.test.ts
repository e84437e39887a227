import { Migrator, sql } from 'kysely';
import { keccak256 } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/platform/db/database.ts';
import { migrateToLatest } from '../src/platform/db/database.ts';
import * as outboxMigration from '../src/platform/db/migrations/202611290325_outbox.ts';
import { migrations } from '../src/platform/db/migrations/index.ts';
import { REVERTED } from '../src/platform/outbox/index.ts';
import { createTestDatabase } from './harness.ts';

const AGENT = '11111111-2222-4333-8444-555555555555';
const WALLET = '0x00000000000000000000000000000000000003E9';
const OWNER = '0x00000000000000000000000000000000000000aa';
const LIFE = '0x000000000000000000000000000000000000bEEF';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

describe('the outbox migration on the ledgers it replaces', () => {
  let database: { db: Db; drop(): Promise<void> };
  beforeAll(async () => {
    // Migrated up to the one before the outbox, as a database from before it is.
    database = await createTestDatabase({ migrateTo: BEFORE_OUTBOX });
  });
  afterAll(() => database?.drop());

  it('moves every row of each old ledger into the outbox, a second run changes nothing, and down gives them back', async () => {
    const { db } = database;
    await sql`insert into agents (agent_id, owner_fid, twin_fid, twin_username, twin_display_name, twin_pfp_url,
        wallet_address, token_address, token_symbol, character, choices)
      values (${AGENT}, 1001, 901001, 'alice-twin', 'Alice (twin)', null, ${WALLET},
        '0x000000000000000000000000000000000000aaaa', 'TWIN', '{}', '[]')`.execute(db);
    // Withdrawals: one in each status, an intent asked for a minute ago among them.
    await sql`insert into twin_wallet_spends
        (agent_id, request_key, kind, asset, amount, to_address, requested_by_fid, status, raw_tx, tx_hash, error,
         created_at, updated_at, signed_at)
      values
        (${AGENT}, ${`${AGENT}:k-intent`}, 'withdrawal', 'usdc', 5000000, ${OWNER}, 1001, 'intent', null, null, null,
          now() - interval '1 minute', now() - interval '1 minute', null),
        (${AGENT}, ${`${AGENT}:k-sent`}, 'withdrawal', 'eth', 1000, ${OWNER}, 1001, 'sent', '0xf86b01', ${hash(1)}, null,
          now() - interval '2 hours', now() - interval '2 hours', now() - interval '2 hours'),
        (${AGENT}, ${`${AGENT}:k-confirmed`}, 'withdrawal', 'token', 7, ${OWNER}, 1001, 'confirmed', '0xf86b02', ${hash(2)}, null,
          now() - interval '3 hours', now() - interval '3 hours', now() - interval '3 hours'),
        (${AGENT}, ${`${AGENT}:k-failed`}, 'withdrawal', 'usdc', 9, ${OWNER}, 1001, 'failed', null, null, 'refused:daily_withdrawal_limit|At most|429',
          now() - interval '4 hours', now() - interval '4 hours', null)`.execute(db);

    // Relayed batteries: an unsigned claim, one sent and not settled, one that succeeded, one that reverted.
    const operator = privateKeyToAccount(generatePrivateKey());
    const signedBy = (nonce: number) =>
      operator.signTransaction({
        chainId: 8453,
        type: 'eip1559',
        to: LIFE,
        data: '0xabcdef',
        nonce,
        gas: 200_000n,
        maxFeePerGas: 2n,
        maxPriorityFeePerGas: 1n,
      });
    const relays = [await signedBy(0), await signedBy(1), await signedBy(2)];
    await sql`insert into battery_relays (payer, nonce, agent_id, claim, tx_hash, raw_tx, outcome, client_ip, created_at)
      values
        ('0xp0', '0xn0', ${AGENT}, 'c0', null, null, null, '10.0.0.1', now() - interval '1 hour'),
        ('0xp1', '0xn1', ${AGENT}, 'c1', ${keccak256(relays[0]!)}, ${relays[0]}, null, '10.0.0.1', now() - interval '2 hours'),
        ('0xp2', '0xn2', ${AGENT}, 'c2', ${keccak256(relays[1]!)}, ${relays[1]}, 'succeeded', null, now() - interval '3 hours'),
        ('0xp3', '0xn3', ${AGENT}, 'c3', ${keccak256(relays[2]!)}, ${relays[2]}, 'reverted', '10.0.0.3', now() - interval '4 hours')`.execute(
      db,
    );

    // Fee keeper steps: one in each status.
    await sql`insert into twin_fee_spends
        (agent_id, period, step, status, sender, to_address, call_data, value_wei, weth_wei, usdc, token_amount,
         raw_tx, tx_hash, error)
      values
        (${AGENT}, '2026-11-25', 'claim-0', 'confirmed', ${WALLET}, ${LIFE}, '0x01', 0, 20, null, 7, '0xaa', ${hash(3)}, null),
        (${AGENT}, '2026-11-25', 'swap', 'failed', ${WALLET}, ${LIFE}, '0x02', 0, 19, 58, null, null, null, 'reverted'),
        (${AGENT}, '2026-11-26', 'gas-advance', 'sent', ${OWNER}, ${WALLET}, '0x', 500, null, null, null, '0xbb', ${hash(4)}, null),
        (${AGENT}, '2026-11-26', 'claim-0', 'intent', ${WALLET}, ${LIFE}, '0x03', 0, null, null, null, null, null, null)`.execute(
      db,
    );

    // What the ledgers are before the move, schema and rows: migrating down gives them back.
    const schemaBefore = await ledgerSchema(db);
    const rowsBefore = await ledgerRows(db);

    await migrateToLatest(db);
    const moved = async () =>
      db
        .selectFrom('outbox_transactions')
        .select([
          'kind',
          'key',
          'agent_id',
          'signer',
          'status',
          'raw_tx',
          'tx_hash',
          'error',
          'asset',
          'amount',
          'recipient',
          'requested_by_fid',
          'value_wei',
          sql<boolean>`signed_at is not null`.as('signed'),
          sql<boolean>`expires_at <= now()`.as('expired'),
        ])
        .where('kind', '=', 'withdrawal')
        .orderBy('key')
        .execute();
    const movedRelays = () =>
      db
        .selectFrom('outbox_transactions')
        .select(['key', 'agent_id', 'signer', 'tx_to', 'call_data', 'nonce', 'status', 'raw_tx', 'tx_hash', 'error'])
        .select(['payer', 'auth_nonce', 'client_ip'])
        .where('kind', '=', 'relay')
        .orderBy('key')
        .execute();
    const withdrawal = (key: string) => ({
      kind: 'withdrawal',
      key: `withdrawal:${AGENT}:${key}`,
      agent_id: AGENT,
      signer: WALLET.toLowerCase(),
      recipient: OWNER,
      requested_by_fid: 1001,
      // An intent never signed is past its time: it is never signed from the outbox.
      expired: true,
    });
    const rows = await moved();
    expect(rows).toEqual([
      {
        ...withdrawal('k-confirmed'),
        status: 'confirmed',
        raw_tx: '0xf86b02',
        tx_hash: hash(2),
        error: null,
        asset: 'token',
        amount: '7',
        value_wei: '0',
        signed: true,
      },
      {
        ...withdrawal('k-failed'),
        status: 'failed',
        raw_tx: null,
        tx_hash: null,
        error: 'refused:daily_withdrawal_limit|At most|429',
        asset: 'usdc',
        amount: '9',
        value_wei: '0',
        signed: false,
      },
      {
        ...withdrawal('k-intent'),
        status: 'intent',
        raw_tx: null,
        tx_hash: null,
        error: null,
        asset: 'usdc',
        amount: '5000000',
        value_wei: '0',
        signed: false,
      },
      {
        ...withdrawal('k-sent'),
        status: 'sent',
        raw_tx: '0xf86b01',
        tx_hash: hash(1),
        error: null,
        asset: 'eth',
        amount: '1000',
        value_wei: '1000',
        signed: true,
      },
    ]);
    const keeperRows = () =>
      db
        .selectFrom('outbox_transactions')
        .select([
          'key',
          'agent_id',
          'signer',
          'tx_to',
          'call_data',
          'value_wei',
          'status',
          'raw_tx',
          'tx_hash',
          'error',
        ])
        .select([
          'period',
          'step',
          'weth_wei',
          'usdc',
          'token_amount',
          sql<boolean>`signed_at is not null`.as('signed'),
        ])
        .where('kind', '=', 'keeper')
        .orderBy('key')
        .execute();
    const step = (period: string, name: string) => ({
      key: `keeper:${AGENT}:${period}:${name}`,
      agent_id: AGENT,
      period,
      step: name,
    });
    const keeperMoved = await keeperRows();
    expect(keeperMoved).toEqual([
      {
        ...step('2026-11-25', 'claim-0'),
        signer: WALLET.toLowerCase(),
        tx_to: LIFE,
        call_data: '0x01',
        value_wei: '0',
        status: 'confirmed',
        raw_tx: '0xaa',
        tx_hash: hash(3),
        error: null,
        weth_wei: '20',
        usdc: null,
        token_amount: '7',
        signed: true,
      },
      {
        ...step('2026-11-25', 'swap'),
        signer: WALLET.toLowerCase(),
        tx_to: LIFE,
        call_data: '0x02',
        value_wei: '0',
        status: 'failed',
        raw_tx: null,
        tx_hash: null,
        error: 'reverted',
        weth_wei: '19',
        usdc: '58',
        token_amount: null,
        signed: false,
      },
      {
        ...step('2026-11-26', 'claim-0'),
        signer: WALLET.toLowerCase(),
        tx_to: LIFE,
        call_data: '0x03',
        value_wei: '0',
        status: 'intent',
        raw_tx: null,
        tx_hash: null,
        error: null,
        weth_wei: null,
        usdc: null,
        token_amount: null,
        signed: false,
      },
      {
        ...step('2026-11-26', 'gas-advance'),
        signer: OWNER,
        tx_to: WALLET,
        call_data: '0x',
        value_wei: '500',
        status: 'sent',
        raw_tx: '0xbb',
        tx_hash: hash(4),
        error: null,
        weth_wei: null,
        usdc: null,
        token_amount: null,
        signed: true,
      },
    ]);
    const relay = (index: number, status: string, error: string | null, clientIp: string | null) => ({
      key: `relay:0xp${index + 1}:0xn${index + 1}`,
      agent_id: AGENT,
      signer: operator.address.toLowerCase(),
      tx_to: LIFE.toLowerCase(),
      call_data: '0xabcdef',
      nonce: index,
      status,
      raw_tx: relays[index],
      tx_hash: keccak256(relays[index]!),
      error,
      payer: `0xp${index + 1}`,
      auth_nonce: `0xn${index + 1}`,
      client_ip: clientIp,
    });
    // The claim never signed sent nothing: it is not moved.
    const relayRows = await movedRelays();
    expect(relayRows).toEqual([
      relay(0, 'sent', null, '10.0.0.1'),
      relay(1, 'confirmed', null, null),
      relay(2, 'failed', REVERTED.relay, '10.0.0.3'),
    ]);
    const { rows: left } = await sql<{ tables: string | null }>`
      select concat(to_regclass('twin_wallet_spends'), to_regclass('battery_relays'), to_regclass('twin_fee_spends'))
        as tables`.execute(db);
    expect(left).toEqual([{ tables: '' }]);

    // A second run of the migration changes nothing.
    await outboxMigration.up(db as never);
    expect(await moved()).toEqual(rows);
    expect(await movedRelays()).toEqual(relayRows);
    expect(await keeperRows()).toEqual(keeperMoved);

    // Down past it: the ledgers as they were, with every row that maps (the keeper's sender as the
    // outbox keeps signers, lowercase; the relay claim never signed was not moved, so is not back).
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(BEFORE_OUTBOX);
    if (error) throw error;
    expect(await ledgerSchema(db)).toEqual(schemaBefore);
    expect(await ledgerRows(db)).toEqual({
      withdrawals: rowsBefore.withdrawals,
      keeper: rowsBefore.keeper.map((row) => ({ ...row, sender: String(row.sender).toLowerCase() })),
      relays: rowsBefore.relays.filter((row) => row.payer !== '0xp0'),
    });
    const { rows: outbox } = await sql<{ table: string | null }>`
      select to_regclass('outbox_transactions')::text as table`.execute(db);
    expect(outbox).toEqual([{ table: null }]);

    // And up again: the same outbox rows.
    await migrateToLatest(db);
    expect(await moved()).toEqual(rows);
    expect(await movedRelays()).toEqual(relayRows);
    expect(await keeperRows()).toEqual(keeperMoved);
  });
});

/** The migration before the outbox's: a database from before it. */
const BEFORE_OUTBOX = '202611282355_twin_memory_words_by_read';

/** The old ledgers' columns, constraints and indexes, as Postgres describes them. */
async function ledgerSchema(db: Db) {
  const tables = ['twin_wallet_spends', 'twin_fee_spends', 'battery_relays'];
  const { rows: columns } = await sql`
    select table_name, column_name, ordinal_position, data_type, numeric_precision, is_nullable, column_default
    from information_schema.columns where table_name = any(${tables})
    order by table_name, ordinal_position`.execute(db);
  const { rows: constraints } = await sql`
    select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition
    from pg_constraint where conrelid::regclass::text = any(${tables})
    order by 1, 2`.execute(db);
  const { rows: indexes } = await sql`
    select tablename, indexname, indexdef from pg_indexes where tablename = any(${tables})
    order by 1, 2`.execute(db);
  return { columns, constraints, indexes };
}

/** The old ledgers' rows, without the ids a table hands out and the relay's attempt token. */
async function ledgerRows(db: Db) {
  const { rows: withdrawals } = await sql<Record<string, unknown>>`
    select agent_id, request_key, kind, asset, amount, to_address, requested_by_fid, status, raw_tx, tx_hash,
      error, created_at, updated_at, signed_at
    from twin_wallet_spends order by request_key`.execute(db);
  const { rows: keeper } = await sql<Record<string, unknown>>`
    select agent_id, period, step, status, sender, to_address, call_data, value_wei, weth_wei, usdc, token_amount,
      raw_tx, tx_hash, error, created_at, updated_at
    from twin_fee_spends order by period, step`.execute(db);
  const { rows: relays } = await sql<Record<string, unknown>>`
    select payer, nonce, agent_id, tx_hash, raw_tx, outcome, client_ip, created_at
    from battery_relays order by payer, nonce`.execute(db);
  return { withdrawals, keeper, relays };
}
