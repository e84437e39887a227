import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { payForBattery } from '@fartwin/contracts';
import {
  bootstrapLocalChain,
  createLocalClients,
  type Deployment,
  localDevAccount,
} from '@fartwin/contracts/deployment';
import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { BATTERY_PRICE_USDC, reviversResponseSchema, shortAddress, twinEconomyPaths } from '@fartwin/protocol';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveNotificationToken } from '../src/notify/notification-tokens.ts';
import { type NotificationSender, startNotificationSender } from '../src/notify/sender.ts';
import { LIFE_EXTENDED_CURSOR } from '../src/platform/chain/life-indexer.ts';
import {
  REVIVAL_SOCIAL_QUEUE,
  type RevivalSocialDeps,
  recordRevivalFailure,
  runRevivalJob,
} from '../src/revivals/revival-social.ts';
import { revivalKey } from '../src/revivals/revival-store.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { updateAgentActions, updateOwnerControls } from '../src/twin-switches/index.ts';
import type { TwinRecord } from '../src/twins/repository.ts';
import { type FakeFarcasterClient, startFakeFarcasterClient } from './fake-farcaster-client.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { addTwinAccount, createTwin } from './twins.ts';

const OWNER = 1001;
const STRANGER = 1002;
const QUIET_OWNER = 1003;
/** A dev account no local user holds: a reviver without a Farcaster account. */
const NO_ACCOUNT = localDevAccount(60);
/** Stands in for a twin's own wallet. */
const KEEPER = localDevAccount(61);

describe('revivals are social: the owner is told, the twin says thanks, its page lists who', () => {
  let server: TestServer;
  let deployment: Deployment;
  let client: FakeFarcasterClient;
  let sender: NotificationSender;
  let twin: TwinRecord;
  let quietTwin: TwinRecord;
  const dataDir = mkdtempSync(join(tmpdir(), 'fartwin-revivals-'));

  beforeAll(async () => {
    const deploymentFile = join(dataDir, 'deployment.json');
    // The app's own life watch ticks every second, indexing and handing revivals to its worker, as
    // in production; the tests add passes and retries of their own on top.
    server = await startTestServer({ DEPLOYMENT_FILE: deploymentFile, LIFE_WATCH_INTERVAL_SECONDS: '1' });
    await seedLocalNetwork(server.db, server.config.publicUrl);
    deployment = await bootstrapLocalChain({
      rpcUrl: server.anvil.rpcUrl,
      deploymentFile,
      fund: [
        localUserAccount(STRANGER).address,
        localUserAccount(QUIET_OWNER).address,
        NO_ACCOUNT.address,
        KEEPER.address,
      ],
    });
    twin = await createTwin(server.db, OWNER);
    quietTwin = await createTwin(server.db, QUIET_OWNER);
    for (const one of [twin, quietTwin]) await addTwinAccount(server.db, one);
    client = await startFakeFarcasterClient();
    await saveNotificationToken(server.db, { fid: OWNER, appFid: 9152, url: client.url, token: `owner-${OWNER}` });
    sender = await startNotificationSender(server.jobs, {
      db: server.db,
      logger: pino({ level: 'silent' }),
      production: false,
    });
  }, 180_000);
  afterAll(async () => {
    await client?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const socialDeps = (): RevivalSocialDeps => ({
    twin: {
      ...server.services,
      db: server.db,
      logger: pino({ level: 'silent' }),
      sender,
      publicUrl: server.config.publicUrl,
      replyRules: server.config.replyRules,
    },
    sender,
    accounts: server.services.walletAccounts,
    operator: server.services.operator.account.address,
    targetUrl: server.config.publicUrl,
  });

  /** `payer` buys `twin` a battery; answers the payment's LifePaid log. */
  const revive = async (twin: TwinRecord, payer: ReturnType<typeof localDevAccount>) => {
    const { publicClient, walletFor } = createLocalClients(server.anvil.rpcUrl);
    const { receipt } = await payForBattery(
      publicClient,
      walletFor(payer),
      deployment,
      twin.agentId,
      BATTERY_PRICE_USDC,
    );
    const paid = receipt.logs.at(-1)!;
    return { txHash: receipt.transactionHash, logIndex: paid.logIndex };
  };
  const revivalRow = (key: { txHash: string; logIndex: number }) =>
    server.db
      .selectFrom('revivals')
      .selectAll()
      .where('tx_hash', '=', key.txHash)
      .where('log_index', '=', key.logIndex)
      .executeTakeFirst();
  const castsBy = async (fid: number) =>
    (await server.db.selectFrom('social_casts').select('text').where('fid', '=', fid).execute()).map((row) => row.text);
  /** The states of a revival's jobs (pg-boss's `state`). */
  const jobStatesOf = async (key: string) =>
    (
      await sql<{
        state: string;
      }>`select state from pgboss.job where name = ${REVIVAL_SOCIAL_QUEUE} and singleton_key = ${key}`.execute(
        server.db,
      )
    ).rows.map((row) => row.state);
  const noticesOf = (key: string) => client.notifications.filter((notice) => notice.notificationId === key);
  const jobsOf = async (key: string) =>
    Number(
      (
        await sql<{
          count: string;
        }>`select count(*) from pgboss.job where name = ${REVIVAL_SOCIAL_QUEUE} and singleton_key = ${key}`.execute(
          server.db,
        )
      ).rows[0]!.count,
    );
  const usernameOf = async (fid: number) =>
    (await server.db.selectFrom('social_accounts').select('username').where('fid', '=', fid).executeTakeFirstOrThrow())
      .username;
  const revivers = async (agentId: string) => {
    const response = await server.app.request(twinEconomyPaths.revivers(agentId));
    expect(response.status).toBe(200);
    return reviversResponseSchema.parse(await response.json()).revivers;
  };

  it("a stranger's revival: the owner is notified once and the twin thanks them in one cast, across retries and a second indexing pass", async () => {
    const payment = await revive(twin, localUserAccount(STRANGER));
    const key = revivalKey(payment);
    const stranger = await usernameOf(STRANGER);
    await server.syncLives();
    // The app's worker runs the job the indexing pass enqueued.
    await vi.waitFor(
      async () => {
        expect((await castsBy(twin.twin.fid)).filter((text) => text.includes(`@${stranger}`))).toHaveLength(1);
        expect(noticesOf(key)).toHaveLength(1);
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(noticesOf(key)[0]).toMatchObject({
      title: 'Your twin was revived',
      body: `@${stranger} revived your twin @${twin.twin.username}. It lives 7 more days.`,
    });
    expect(await castsBy(twin.twin.fid)).toEqual([
      `Thank you @${stranger} for reviving me! 7 more days of battery, and I am back online.`,
    ]);
    expect(await revivalRow(payment)).toMatchObject({
      outcome: 'social',
      payer_fid: STRANGER,
      payer_username: stranger,
    });

    // A retried job and a second pass over the same blocks send and cast nothing more.
    const retried = await runRevivalJob(socialDeps(), payment);
    expect(retried).toMatchObject({ status: 'social', notified: true, thankYou: { status: 'already-done' } });
    await server.db.deleteFrom('chain_cursors').where('name', '=', LIFE_EXTENDED_CURSOR).execute();
    await server.syncLives();
    expect(await jobsOf(key)).toBe(1);
    expect(noticesOf(key)).toHaveLength(1);
    expect(await castsBy(twin.twin.fid)).toHaveLength(1);

    expect(await revivers(twin.agentId)).toEqual([
      expect.objectContaining({ fid: STRANGER, username: stranger, txHash: payment.txHash }),
    ]);
  }, 120_000);

  it('no notice and no thanks for the operator, the twin paying itself, or the owner reviving their own twin; the list shows people only', async () => {
    const byOperator = await revive(quietTwin, localDevAccount(0));
    // The twin's own wallet pays (its keeper): a funded dev account stands in as its wallet.
    await server.db
      .updateTable('agents')
      .set({ wallet_address: KEEPER.address })
      .where('agent_id', '=', quietTwin.agentId)
      .execute();
    const byItself = await revive(quietTwin, KEEPER);
    const byOwner = await revive(quietTwin, localUserAccount(QUIET_OWNER));
    await server.syncLives();
    await vi.waitFor(async () => expect((await revivalRow(byOwner))?.outcome).toBe('owner'), { timeout: 30_000 });
    expect((await revivalRow(byOperator))?.outcome).toBe('operator');
    expect((await revivalRow(byItself))?.outcome).toBe('own-wallet');
    for (const payment of [byOperator, byItself, byOwner]) {
      expect(await runRevivalJob(socialDeps(), payment)).toMatchObject({ status: 'not-social' });
      expect(await jobsOf(revivalKey(payment))).toBe(payment === byOwner ? 1 : 0);
    }
    expect(await castsBy(quietTwin.twin.fid)).toEqual([]);
    expect((await revivers(quietTwin.agentId)).map((reviver) => reviver.txHash)).toEqual([byOwner.txHash]);
  }, 120_000);

  it('a reviver without an account is named by a short address; with "Reply on farcaster" off the thanks is a recorded skip', async () => {
    await updateAgentActions(server.db, twin.agentId, { replyOnFarcaster: false });
    const payment = await revive(twin, NO_ACCOUNT);
    const key = revivalKey(payment);
    await server.syncLives();
    await vi.waitFor(async () => expect(noticesOf(key)).toHaveLength(1), { timeout: 30_000 });
    expect(noticesOf(key)[0]!.body).toBe(
      `${shortAddress(NO_ACCOUNT.address.toLowerCase())} revived your twin @${twin.twin.username}. It lives 7 more days.`,
    );
    await vi.waitFor(
      async () =>
        expect(
          await server.db
            .selectFrom('twin_write_skips')
            .select(['reason', 'subject'])
            .where('kind', '=', 'thank-you')
            .execute(),
        ).toEqual([{ reason: 'switched-off', subject: key }]),
      { timeout: 30_000 },
    );
    expect((await castsBy(twin.twin.fid)).some((text) => text.includes('0x'))).toBe(false);
    expect((await revivers(twin.agentId))[0]).toMatchObject({ fid: null, username: null, txHash: payment.txHash });
  }, 120_000);

  it('a paused twin does not thank its reviver (a recorded skip), and its owner is still told', async () => {
    await updateAgentActions(server.db, twin.agentId, { replyOnFarcaster: true });
    await updateOwnerControls(server.db, twin.agentId, { paused: true });
    try {
      const payment = await revive(twin, localUserAccount(STRANGER));
      const key = revivalKey(payment);
      await server.syncLives();
      await vi.waitFor(
        async () =>
          expect(
            await server.db
              .selectFrom('twin_write_skips')
              .select(['reason'])
              .where('kind', '=', 'thank-you')
              .where('subject', '=', key)
              .execute(),
          ).toEqual([{ reason: 'paused' }]),
        { timeout: 30_000 },
      );
      await vi.waitFor(async () => expect(noticesOf(key)).toHaveLength(1), { timeout: 30_000 });
      // Only the first test's thank-you: none for this revival.
      expect(await castsBy(twin.twin.fid)).toHaveLength(1);
    } finally {
      await updateOwnerControls(server.db, twin.agentId, { paused: false });
    }
  }, 120_000);

  it('a thank-you that failed on every try is listed on Activity as failed; one cast is not', async () => {
    // The network refuses the twin's casts, as a provider that is down would.
    await sql`
      create function refuse_cast() returns trigger language plpgsql as $$
      begin raise exception 'network down'; end $$`.execute(server.db);
    await sql`
      create trigger refuse_cast before insert on social_casts for each row
      when (new.fid = ${sql.lit(quietTwin.twin.fid)}) execute function refuse_cast()`.execute(server.db);
    const thankYouSkips = () =>
      server.db
        .selectFrom('twin_write_skips')
        .select(['agent_id', 'reason', 'subject', 'author_fid'])
        .where('kind', '=', 'thank-you')
        .where('agent_id', '=', quietTwin.agentId)
        .execute();
    try {
      const payment = await revive(quietTwin, localUserAccount(STRANGER));
      const key = revivalKey(payment);
      await server.syncLives();
      await expect(runRevivalJob(socialDeps(), payment)).rejects.toThrow(/network down/);
      // The app's worker gives the job one retry rather than five, ten seconds on.
      await sql`update pgboss.job set retry_limit = 1 where name = ${REVIVAL_SOCIAL_QUEUE} and singleton_key = ${key}`.execute(
        server.db,
      );
      // On the job's last try, the owner's Activity hears of it, once.
      const failed = [{ agent_id: quietTwin.agentId, reason: 'failed', subject: key, author_fid: STRANGER }];
      await vi.waitFor(async () => expect(await thankYouSkips()).toEqual(failed), { timeout: 60_000, interval: 500 });
      await vi.waitFor(async () => expect(await jobStatesOf(key)).toEqual(['failed']), { timeout: 10_000 });
      await recordRevivalFailure(socialDeps(), payment);
      expect(await thankYouSkips()).toEqual(failed);
    } finally {
      await sql`drop trigger refuse_cast on social_casts`.execute(server.db);
      await sql`drop function refuse_cast()`.execute(server.db);
    }
    // A thank-you that went out is no failure, whatever the job did after.
    const thanked = await revive(quietTwin, localUserAccount(STRANGER));
    await server.syncLives();
    await expect(runRevivalJob(socialDeps(), thanked)).resolves.toMatchObject({ status: 'social' });
    await recordRevivalFailure(socialDeps(), thanked);
    expect((await thankYouSkips()).map((skip) => skip.subject)).not.toContain(revivalKey(thanked));
  }, 120_000);

  it("a payer whose lookup fails on every try is named by their address on the job's last try, not left unsettled", async () => {
    // The provider that finds a wallet's account is down, for the app's worker as for this test.
    const lookup = vi
      .spyOn(server.services.walletAccounts, 'accountFor')
      .mockRejectedValue(new Error('account lookup down'));
    try {
      const payer = localUserAccount(STRANGER);
      const payment = await revive(twin, payer);
      const key = revivalKey(payment);
      await server.syncLives();
      // Before the last try a failed lookup is retried: nothing is settled, nobody is told.
      await expect(runRevivalJob(socialDeps(), payment)).rejects.toThrow(/account lookup down/);
      expect((await revivalRow(payment))?.outcome).toBeNull();
      // The app's worker gives the job one retry rather than five, ten seconds on.
      await sql`update pgboss.job set retry_limit = 1 where name = ${REVIVAL_SOCIAL_QUEUE} and singleton_key = ${key}`.execute(
        server.db,
      );
      await vi.waitFor(async () => expect(noticesOf(key)).toHaveLength(1), { timeout: 60_000, interval: 500 });
      const named = shortAddress(payer.address.toLowerCase());
      expect(noticesOf(key)[0]!.body).toBe(`${named} revived your twin @${twin.twin.username}. It lives 7 more days.`);
      expect(await revivalRow(payment)).toMatchObject({ outcome: 'social', payer_fid: null, payer_username: null });
      await vi.waitFor(
        async () =>
          expect(await castsBy(twin.twin.fid)).toContain(
            `Thank you ${named} for reviving me! 7 more days of battery, and I am back online.`,
          ),
        { timeout: 30_000 },
      );
      await vi.waitFor(async () => expect(await jobStatesOf(key)).toEqual(['completed']), { timeout: 10_000 });
    } finally {
      lookup.mockRestore();
    }
  }, 120_000);

  it('refuses a malformed twin id and answers 404 for an unknown twin', async () => {
    const bad = await server.app.request('/doppelganger/revivers/not-a-twin');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_agent_id' });
    const unknown = await server.app.request(twinEconomyPaths.revivers('00000000-0000-4000-8000-000000000000'));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'unknown_agent' });
  });
});
