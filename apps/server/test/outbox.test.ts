import { randomUUID } from 'node:crypto';
import { createLocalClients } from '@fartwin/contracts/deployment';
import { type RunningAnvil, startAnvil } from '@fartwin/localstack';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import pino from 'pino';
import { parseEther, parseTransaction, type TransactionSerialized } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainClient } from '../src/platform/chain/client.ts';
import { startJobQueue } from '../src/platform/jobs/job-queue.ts';
import {
  EXPIRED,
  expireIntents,
  findTransaction,
  type OutboxKind,
  RECENT_SWEEP,
  REPLACED,
  recordIntent,
  settleTransaction,
  signIntent,
  startOutboxSettlement,
  sweepSent,
} from '../src/platform/outbox/index.ts';
import { createTestDatabase } from './harness.ts';

let anvil: RunningAnvil;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let boss: PgBoss;
let clients: ReturnType<typeof createLocalClients>;

beforeAll(async () => {
  anvil = await startAnvil();
  database = await createTestDatabase();
  clients = createLocalClients(anvil.rpcUrl);
  boss = await startJobQueue(database.url, pino({ level: 'silent' }));
}, 120_000);
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await database?.drop();
  await anvil?.stop();
});

const chain = () => createChainClient(anvil.rpcUrl);
const deps = () => ({ db: database.db, chain: chain() });
const settleDeps = () => ({ ...deps(), budgetMs: 5_000 });
/** A new signer with ETH for its gas: each test has its own nonces. */
const fundedSigner = async (): Promise<PrivateKeyAccount> => {
  const account = privateKeyToAccount(generatePrivateKey());
  await clients.testClient.setBalance({ address: account.address, value: parseEther('1') });
  return account;
};
/** An intent of `signer` paying 1 wei to a fresh address. */
const intentOf = (signer: PrivateKeyAccount, kind: OutboxKind = 'keeper', expiresInSeconds = 600) =>
  recordIntent(database.db, {
    kind,
    key: `${kind}:${randomUUID()}`,
    agentId: null,
    signer: signer.address,
    call: { to: privateKeyToAccount(generatePrivateKey()).address, value: 1n },
    expiresInSeconds,
  });
const sign = (id: number, signer: PrivateKeyAccount) =>
  // A generous wait for the signer's row: the test asserts what is signed, not how fast.
  signIntent(deps(), id, signer, { budgetMs: 5_000, lockWaitMs: 30_000 });
const nonceOf = (raw: string | null) => parseTransaction(raw as TransactionSerialized).nonce;

describe('the outbox: one nonce per signer, stored bytes, settlement from receipts', () => {
  it('hands concurrent intents of one signer consecutive nonces from the chain pending count, with no gap, all mined', async () => {
    const signer = await fundedSigner();
    // A transaction sent outside the outbox: the signer's row starts from the chain's pending count.
    await clients.walletFor(signer).sendTransaction({ to: signer.address, value: 0n });
    const intents = await Promise.all(Array.from({ length: 8 }, () => intentOf(signer)));
    const signed = await Promise.all(intents.map((intent) => sign(intent.id, signer)));
    expect(signed.every((row) => row.status === 'sent')).toBe(true);
    expect(signed.map((row) => row.nonce).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(signed.map((row) => nonceOf(row.raw_tx)).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Sent in any order, every one is mined: no nonce was skipped.
    for (const row of signed.reverse()) await settleTransaction(settleDeps(), row.id);
    for (const row of signed) {
      await clients.publicClient.waitForTransactionReceipt({ hash: row.tx_hash as `0x${string}` });
      await expect.poll(async () => (await settleTransaction(settleDeps(), row.id)).row.status).toBe('confirmed');
    }
    expect(await chain().getTransactionCount({ address: signer.address })).toBe(9);
    // The signer's row caught up with a transaction sent outside the outbox since.
    await clients.walletFor(signer).sendTransaction({ to: signer.address, value: 0n, nonce: 9 });
    const later = await sign((await intentOf(signer)).id, signer);
    expect(later.nonce).toBe(10);
  });

  it("keeps a burst of one signer's signings to one pooled connection per process while its row is held", async () => {
    const signer = await fundedSigner();
    const intents = await Promise.all(Array.from({ length: 5 }, () => intentOf(signer)));
    // The five prepare their transactions together (a barrier in the chain calls), so they all reach
    // the signer's row at once, while another replica (a connection of this test) holds it.
    const real = chain();
    let preparing = 0;
    let allPrepared!: () => void;
    const prepared = new Promise<void>((resolve) => {
      allPrepared = resolve;
    });
    const barrierChain = {
      ...real,
      prepareTransactionRequest: (async (...args: Parameters<typeof real.prepareTransactionRequest>) => {
        const request = await real.prepareTransactionRequest(...args);
        if (++preparing === intents.length) allPrepared();
        await prepared;
        return request;
      }) as typeof real.prepareTransactionRequest,
    } as typeof real;
    await sql`insert into outbox_signers (address, next_nonce) values (${signer.address.toLowerCase()}, 0)`.execute(
      database.db,
    );
    const holder = await database.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`select 1 from outbox_signers where address = ${signer.address.toLowerCase()} for update`.execute(
        connection,
      );
      try {
        return await Promise.allSettled(
          intents.map((intent) =>
            signIntent({ db: database.db, chain: barrierChain }, intent.id, signer, {
              budgetMs: 5_000,
              lockWaitMs: 1_000,
            }),
          ),
        );
      } finally {
        await sql`rollback`.execute(connection);
      }
    });
    // One signing waited on the row with a pooled connection; the four behind it waited in memory.
    const reasons = holder.map((result) => (result.status === 'rejected' ? String(result.reason) : 'signed'));
    expect(reasons.filter((reason) => /stayed locked/.test(reason))).toHaveLength(1);
    expect(reasons.filter((reason) => /stayed busy/.test(reason))).toHaveLength(4);
    // Nothing was signed, and the same intents sign once the row is free, at consecutive nonces.
    const signed = [];
    for (const intent of intents) signed.push(await sign(intent.id, signer));
    expect(signed.map((row) => row.nonce)).toEqual([0, 1, 2, 3, 4]);
  });

  it('sends again, through the sweep and its job, a transaction signed and never sent (a crash between the two)', async () => {
    const settlements = await startOutboxSettlement(boss, { ...settleDeps(), logger: pino({ level: 'silent' }) });
    expect(settlements).toBeDefined();
    const signer = await fundedSigner();
    const row = await sign((await intentOf(signer, 'withdrawal')).id, signer);
    expect(row.status).toBe('sent');
    // Nothing left the server.
    expect(await chain().getTransactionCount({ address: signer.address, blockTag: 'pending' })).toBe(0);
    await sql`update outbox_transactions set updated_at = now() - interval '5 minutes' where id = ${row.id}`.execute(
      database.db,
    );
    expect(await sweepSent(boss, database.db, RECENT_SWEEP)).toBeGreaterThanOrEqual(1);
    await expect
      .poll(async () => (await findTransaction(database.db, row.id)).status, { timeout: 30_000, interval: 200 })
      .toBe('confirmed');
    const receipt = await chain().getTransactionReceipt({ hash: row.tx_hash as `0x${string}` });
    expect(receipt.status).toBe('success');
  });

  /** Signs an intent of `kind`, then another transaction of the same key takes its nonce and is mined. */
  const replacedIntent = async (kind: OutboxKind) => {
    const signer = await fundedSigner();
    const row = await sign((await intentOf(signer, kind)).id, signer);
    const other = await clients.walletFor(signer).sendTransaction({ to: signer.address, value: 0n, nonce: row.nonce! });
    expect((await clients.publicClient.waitForTransactionReceipt({ hash: other })).status).toBe('success');
    // The node refuses the stored bytes now: that answer is no sign they were mined.
    await expect(chain().sendRawTransaction({ serializedTransaction: row.raw_tx as `0x${string}` })).rejects.toThrow(
      /nonce too low/i,
    );
    return { signer, row };
  };

  it('marks a withdrawal whose nonce another transaction took failed, never confirmed, with the owner told why', async () => {
    const { row } = await replacedIntent('withdrawal');
    const settled = await settleTransaction(settleDeps(), row.id);
    expect(settled).toMatchObject({ recorded: true, row: { status: 'failed', error: REPLACED.withdrawal } });
    // A later look changes nothing.
    expect(await settleTransaction(settleDeps(), row.id)).toMatchObject({ recorded: false, row: { status: 'failed' } });
  });

  it('marks a relay whose nonce another transaction took failed', async () => {
    const { row } = await replacedIntent('relay');
    expect(await settleTransaction(settleDeps(), row.id)).toMatchObject({
      recorded: true,
      row: { status: 'failed', error: REPLACED.relay },
    });
  });

  it('puts a keeper step whose nonce another transaction took back to its intent, signed again at a new nonce and mined', async () => {
    const { signer, row } = await replacedIntent('keeper');
    const settled = await settleTransaction(settleDeps(), row.id);
    expect(settled).toMatchObject({
      recorded: true,
      row: { status: 'intent', raw_tx: null, tx_hash: null, nonce: null },
    });
    expect(settled.row.error).toContain(row.tx_hash);
    const again = await sign(row.id, signer);
    expect(again).toMatchObject({ status: 'sent' });
    expect(again.nonce).toBe(row.nonce! + 1);
    await settleTransaction(settleDeps(), row.id);
    await clients.publicClient.waitForTransactionReceipt({ hash: again.tx_hash as `0x${string}` });
    expect((await settleTransaction(settleDeps(), row.id)).row.status).toBe('confirmed');
  });

  it('expires an intent never signed in time: the sweep marks it failed, and it is never signed after', async () => {
    const signer = await fundedSigner();
    const late = await intentOf(signer, 'withdrawal', 0);
    const fresh = await intentOf(signer, 'withdrawal', 600);
    expect(await expireIntents(database.db, 100)).toBeGreaterThanOrEqual(1);
    expect(await findTransaction(database.db, late.id)).toMatchObject({ status: 'failed', error: EXPIRED });
    expect(await findTransaction(database.db, fresh.id)).toMatchObject({ status: 'intent' });
    expect(await sign(late.id, signer)).toMatchObject({ status: 'failed', raw_tx: null });

    // One past its time before any sweep: the signer refuses it, and hands its nonce to the next.
    const unswept = await intentOf(signer, 'relay', 0);
    expect(await sign(unswept.id, signer)).toMatchObject({ status: 'failed', error: EXPIRED, raw_tx: null });
    expect(await sign(fresh.id, signer)).toMatchObject({ status: 'sent', nonce: 0 });
  });
});
