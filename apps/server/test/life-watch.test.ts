import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Deployment } from '@fartwin/contracts/deployment';
import { leaningChoices } from '@fartwin/echo';
import { apiPaths, deployResponseSchema } from '@fartwin/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { type LifeWatchTickDeps, runLifeWatchTick } from '../src/notify/life-watch.ts';
import { saveNotificationToken } from '../src/notify/notification-tokens.ts';
import { chainNowSeconds } from '../src/platform/chain/life.ts';
import { syncLifeIndex } from '../src/platform/chain/life-indexer.ts';
import { createDb } from '../src/platform/db/database.ts';
import { loadPersona } from '../src/twin-mind/persona.ts';
import type { FakeFarcasterClient } from './fake-farcaster-client.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { lifeWatchSetup } from './life-watch-setup.ts';
import { tokenFor } from './quick-auth-client.ts';
import { advanceChainTime, createTwin, feedTwin, storedExpiry, twinAgentId } from './twins.ts';

const HOUR = 60 * 60;
const warning = (agentId: string, expiresAt: number) => `battery-warning:${agentId}:${expiresAt}`;
const death = (agentId: string, expiresAt: number) => `dead:${agentId}:${expiresAt}`;

describe('the life watch: battery warnings and deaths, through a Farcaster client', () => {
  let server: TestServer;
  let deployment: Deployment;
  let client: FakeFarcasterClient;
  let tickDeps: LifeWatchTickDeps;
  const dataDir = mkdtempSync(join(tmpdir(), 'fartwin-life-watch-'));
  /** The twins: A deployed through the API by 1001; B (1002) and C (1003) stored and fed directly. */
  const twins = { a: '', b: twinAgentId('gmbeans'), c: twinAgentId('slow-quorum') };
  let twinUsernameA = '';
  const expiry: Record<string, number> = {};

  beforeAll(async () => {
    const deploymentFile = join(dataDir, 'deployment.json');
    // The app's own scheduled tick runs every second besides the ticks the tests run: ticks never
    // overlap, so whichever runs first sends, and what the client received is the same.
    server = await startTestServer(
      { DEPLOYMENT_FILE: deploymentFile, LIFE_WATCH_INTERVAL_SECONDS: '1' },
      {},
      { deployWaitMs: 90_000 },
    );
    ({ deployment, client, tickDeps } = await lifeWatchSetup(server, deploymentFile));
  }, 180_000);
  afterAll(async () => {
    await client?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const tick = () => runLifeWatchTick(tickDeps);
  const received = () => client.notifications.map((notification) => notification.notificationId);
  const enableNotifications = (fid: number) =>
    saveNotificationToken(server.db, { fid, appFid: 9152, url: client.url, token: `owner-${fid}` });
  const onChainExpiry = async (agentId: string) => (await server.services.life.expirations([agentId])).get(agentId)!;
  /** Moves chain time so that `at` is now. */
  const travelTo = async (at: number) =>
    advanceChainTime(server.anvil.rpcUrl, at - (await chainNowSeconds(tickDeps.chain)));
  const recorded = async (agentId: string) =>
    (
      await server.db
        .selectFrom('life_notifications')
        .select(['kind', 'expires_at'])
        .where('agent_id', '=', agentId)
        .orderBy('sent_at')
        .execute()
    ).map((row) => `${row.kind}:${agentId}:${row.expires_at}`);

  it("indexes a freshly deployed twin's first battery, and warns no one a week ahead", async () => {
    const bearer = await tokenFor(
      (path, init) => server.app.request(path, init),
      1001,
      appDomain(server.config.publicUrl),
    );
    const persona = await loadPersona(server.services.farcaster, 1001);
    const response = await server.app.request(apiPaths.deploy(1001), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ choices: leaningChoices(persona!.profile) }),
    });
    expect(response.status).toBe(200);
    const deployed = deployResponseSchema.parse(await response.json());
    twins.a = deployed.agentId!;
    twinUsernameA = deployed.name!;
    for (const fid of [1002, 1003]) await createTwin(server.db, fid);
    for (const agentId of [twins.b, twins.c]) await feedTwin(server.anvil.rpcUrl, deployment, agentId);
    await enableNotifications(1001);

    await tick();
    for (const agentId of Object.values(twins)) {
      expiry[agentId] = await onChainExpiry(agentId);
      expect(await storedExpiry(server.db, agentId)).toBe(expiry[agentId]);
    }
    expect(received()).toEqual([]);
  }, 120_000);

  it('warns the owner once, 23 hours before the end; owners without notifications get nothing', async () => {
    await travelTo(expiry[twins.a]! - 23 * HOUR);
    await tick();
    expect(received()).toEqual([warning(twins.a, expiry[twins.a]!)]);
    expect(client.notifications[0]).toEqual({
      notificationId: warning(twins.a, expiry[twins.a]!),
      title: "Your twin's battery is low",
      body: `@${twinUsernameA} has about 23 hours of battery left. 1 USDC buys it 7 more days.`,
      targetUrl: server.config.publicUrl,
      tokens: ['owner-1001'],
    });

    await tick();
    await tick();
    expect(received()).toEqual([warning(twins.a, expiry[twins.a]!)]);
    expect(await recorded(twins.a)).toEqual([warning(twins.a, expiry[twins.a]!)]);
    // B and C are as close to the end, but their owners have no notification token.
    expect(await recorded(twins.b)).toEqual([]);
    expect(await recorded(twins.c)).toEqual([]);
  });

  it('warns an owner who turns notifications on while the warning still matters', async () => {
    await enableNotifications(1002);
    await tick();
    await tick();
    expect(received()).toEqual([warning(twins.a, expiry[twins.a]!), warning(twins.b, expiry[twins.b]!)]);
  });

  it('tells each owner once that their twin is dead', async () => {
    await travelTo(Math.max(...Object.values(expiry)) + HOUR);
    await tick();
    await tick();
    expect(received().slice(2)).toEqual([death(twins.a, expiry[twins.a]!), death(twins.b, expiry[twins.b]!)]);
    expect(client.notifications[2]).toMatchObject({
      title: 'Your twin is dead',
      body: `@${twinUsernameA} ran out of battery. Anyone can bring it back: 1 USDC buys 7 more days of life.`,
      tokens: ['owner-1001'],
    });
    expect(await recorded(twins.c)).toEqual([]);
  });

  it('re-arms both after a revival, for the new expiry; an old death is not news', async () => {
    await feedTwin(server.anvil.rpcUrl, deployment, twins.a);
    const revived = await onChainExpiry(twins.a);
    expect(revived).toBeGreaterThan(expiry[twins.a]!);
    await tick();
    expect(await storedExpiry(server.db, twins.a)).toBe(revived);
    expect(received()).toHaveLength(4);

    await travelTo(revived - 23 * HOUR);
    await tick();
    await tick();
    expect(received().slice(4)).toEqual([warning(twins.a, revived)]);

    await travelTo(revived + HOUR);
    // A scheduled tick that read the clock before the travel may still be running, and to it C died
    // less than a week ago. Ticks never overlap: this one waits for it, and every later one reads the new clock.
    await tick();
    // C died more than a week ago: turning notifications on now does not announce it.
    await enableNotifications(1003);
    await tick();
    await tick();
    expect(received().slice(4)).toEqual([warning(twins.a, revived), death(twins.a, revived)]);
    expect(await recorded(twins.a)).toEqual([
      warning(twins.a, expiry[twins.a]!),
      death(twins.a, expiry[twins.a]!),
      warning(twins.a, revived),
      death(twins.a, revived),
    ]);
    expect(await recorded(twins.c)).toEqual([]);
    expect(client.notifications.flatMap((notification) => notification.tokens)).not.toContain('owner-1003');
  });

  it('sends through the scheduled job, without anyone running a tick', async () => {
    await feedTwin(server.anvil.rpcUrl, deployment, twins.b);
    const revived = await onChainExpiry(twins.b);
    await travelTo(revived - 23 * HOUR);
    await vi.waitFor(() => expect(received()).toContain(warning(twins.b, revived)), { timeout: 30_000, interval: 200 });
    expect(received().filter((id) => id === warning(twins.b, revived))).toHaveLength(1);
  }, 60_000);

  it('a notice Postgres refuses (class 22) is recorded and skipped once, and the other notices go on', async () => {
    // Postgres itself refuses to record A's next notice, as it would a value it cannot take.
    await sql`
      create function refuse_notice() returns trigger language plpgsql as $$
      begin raise exception 'refused' using errcode = '22023'; end $$`.execute(server.db);
    await sql`
      create trigger refuse_notice before insert on life_notifications for each row
      when (new.agent_id = ${sql.lit(twins.a)}) execute function refuse_notice()`.execute(server.db);
    try {
      await feedTwin(server.anvil.rpcUrl, deployment, twins.a);
      const revivedA = await onChainExpiry(twins.a);
      const lastB = (await storedExpiry(server.db, twins.b))!;
      // A's warning is due, and B (revived by the test before) is dead by then.
      await travelTo(revivedA - 23 * HOUR);
      await tick();
      await tick();
      // The scheduled tick runs too: wait for its pass after these, B's death notice recorded by one of them.
      await vi.waitFor(async () => expect(await recorded(twins.b)).toContain(death(twins.b, lastB)), {
        timeout: 10_000,
        interval: 200,
      });
      await tick();
      expect(received().filter((id) => id === warning(twins.a, revivedA))).toHaveLength(1);
      expect(received().filter((id) => id === death(twins.b, lastB))).toHaveLength(1);
      const rejected = await server.db
        .selectFrom('rejected_inputs')
        .select(['key', 'reason'])
        .where('source', '=', 'life-notice')
        .execute();
      expect(rejected).toEqual([{ key: warning(twins.a, revivedA), reason: 'the database refused it (22023)' }]);
    } finally {
      await sql`drop trigger refuse_notice on life_notifications`.execute(server.db);
      await sql`drop function refuse_notice()`.execute(server.db);
    }
  }, 60_000);

  it("a tick, with its life index pass, runs on its locks' own connection: a pool of one is enough", async () => {
    // A query on the pool while the tick holds its lock on the one connection would wait for it.
    const single = createDb(server.config.databaseUrl, { max: 1 });
    try {
      await expect(runLifeWatchTick({ ...tickDeps, db: single })).resolves.toEqual(expect.any(Array));
      expect(await syncLifeIndex({ ...tickDeps, db: single })).toEqual(expect.any(Number));
    } finally {
      await single.destroy();
    }
  });
});
