import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Deployment } from '@fartwin/contracts/deployment';
import {
  type BaseNotificationsStandIn,
  LOCAL_BASE_NOTIFICATIONS_API_KEY,
  startBaseNotificationsStandIn,
} from '@fartwin/localstack/base-notifications';
import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBaseNotificationSender } from '../src/notify/base-sender.ts';
import { type LifeWatchTickDeps, runLifeWatchTick } from '../src/notify/life-watch.ts';
import { saveNotificationToken } from '../src/notify/notification-tokens.ts';
import { chainNowSeconds } from '../src/platform/chain/life.ts';
import type { FakeFarcasterClient } from './fake-farcaster-client.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { lifeWatchSetup } from './life-watch-setup.ts';
import { advanceChainTime, createTwin, feedTwin, twinAgentId } from './twins.ts';
import { walletClient } from './wallet-client.ts';

const HOUR = 60 * 60;
/** The app's URL as registered on the Base Dashboard (the stand-in's project). */
const BASE_APP_URL = 'https://fartwin-test.example.com';

describe("the life watch through Base's Notifications API, for an owner signed in by wallet", () => {
  let server: TestServer;
  let deployment: Deployment;
  let base: BaseNotificationsStandIn;
  let farcaster: FakeFarcasterClient;
  let tickDeps: LifeWatchTickDeps;
  const dataDir = mkdtempSync(join(tmpdir(), 'fartwin-life-watch-base-'));
  /** 1001 signs in by wallet in a browser (the Base App); 1002 has a Farcaster client's token. */
  const walletOwner = localUserAccount(1001);
  const twins = { wallet: twinAgentId('lowcaps-dev'), farcaster: twinAgentId('gmbeans') };

  beforeAll(async () => {
    base = await startBaseNotificationsStandIn({ apiKey: LOCAL_BASE_NOTIFICATIONS_API_KEY, appUrl: BASE_APP_URL });
    const deploymentFile = join(dataDir, 'deployment.json');
    server = await startTestServer(
      {
        DEPLOYMENT_FILE: deploymentFile,
        // The app's own scheduled ticks stay out of the way: the test runs its own.
        LIFE_WATCH_INTERVAL_SECONDS: '3600',
        BASE_NOTIFICATIONS_API_URL: base.apiUrl,
        BASE_APP_URL,
      },
      {},
      { deployWaitMs: 90_000 },
    );
    ({
      deployment,
      client: farcaster,
      tickDeps,
    } = await lifeWatchSetup(server, deploymentFile, async (logger) => ({
      base: await startBaseNotificationSender(server.jobs, {
        db: server.db,
        logger,
        api: server.config.baseNotifications!,
      }),
    })));
  }, 180_000);
  afterAll(async () => {
    await farcaster?.close();
    await server?.close();
    await base?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const tick = () => runLifeWatchTick(tickDeps);
  const travelTo = async (at: number) =>
    advanceChainTime(server.anvil.rpcUrl, at - (await chainNowSeconds(tickDeps.chain)));
  const expiryOf = async (agentId: string) => (await server.services.life.expirations([agentId])).get(agentId)!;
  const baseInbox = async (count: number) =>
    vi.waitFor(
      () => {
        const inbox = base.inbox(walletOwner.address);
        expect(inbox).toHaveLength(count);
        return inbox;
      },
      { timeout: 30_000, interval: 200 },
    );

  it('signs the owner in by wallet, and the battery warning and death reach their Base inbox only', async () => {
    const signIn = await walletClient(
      () => ({ request: async (path, init) => server.app.request(path, init), publicUrl: server.config.publicUrl }),
      '203.0.113.7',
    ).signIn(walletOwner);
    expect(signIn.status).toBe(200);
    // The Base App user saved the app and turned its notifications on.
    base.addUser(walletOwner.address);
    await createTwin(server.db, 1001);
    await createTwin(server.db, 1002);
    await saveNotificationToken(server.db, { fid: 1002, appFid: 9152, url: farcaster.url, token: 'owner-1002' });
    for (const agentId of Object.values(twins)) await feedTwin(server.anvil.rpcUrl, deployment, agentId);
    await tick();
    const expiry = await expiryOf(twins.wallet);

    await travelTo(expiry - 23 * HOUR);
    await tick();
    const [warning] = await baseInbox(1);
    expect(warning).toMatchObject({
      title: "Your twin's battery is low",
      message: expect.stringMatching(/^@lowcaps-dev-twin has about 23 hours of battery left\./),
      targetPath: `/?notice=${encodeURIComponent(`battery-warning:${twins.wallet}:${expiry}`)}`,
    });
    // The Farcaster client took the other owner's warning, and nothing for the wallet owner.
    expect(farcaster.notifications.flatMap((each) => each.tokens)).toEqual(['owner-1002']);

    await travelTo(Math.max(expiry, await expiryOf(twins.farcaster)) + HOUR);
    await tick();
    await tick();
    const [death] = await baseInbox(2);
    expect(death).toMatchObject({
      title: 'Your twin is dead',
      message: expect.stringMatching(/^@lowcaps-dev-twin ran out/),
    });
    expect(farcaster.notifications.flatMap((each) => each.tokens)).toEqual(['owner-1002', 'owner-1002']);
    // Each notice was sent once to the wallet, and is recorded as sent (once the API's answer is read:
    // the inbox holds the notice a moment before the sender records its answer).
    await vi.waitFor(
      async () => {
        const sends = await server.db.selectFrom('base_notification_sends').selectAll().orderBy('created_at').execute();
        expect(sends.map((row) => [row.notification_id, row.address, row.sent_at !== null])).toEqual([
          [`battery-warning:${twins.wallet}:${expiry}`, walletOwner.address, true],
          [`dead:${twins.wallet}:${expiry}`, walletOwner.address, true],
        ]);
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(base.inbox(walletOwner.address)).toHaveLength(2);
  }, 120_000);
});
