import {
  type BaseNotificationsStandIn,
  LOCAL_BASE_NOTIFICATIONS_API_KEY,
  startBaseNotificationsStandIn,
} from '@fartwin/localstack/base-notifications';
import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BaseNotifier, startBaseNotificationSender } from '../src/notify/base-sender.ts';
import { saveNotificationToken } from '../src/notify/notification-tokens.ts';
import { knownClockSeconds } from '../src/platform/chain/life-index-state.ts';
import type { TwinActionDeps } from '../src/twin-actions/deps.ts';
import { runTwinWriteJob } from '../src/twin-actions/twin-actions.ts';
import { updateAgentActions, updateOwnerControls } from '../src/twin-switches/index.ts';
import type { TwinRecord } from '../src/twins/repository.ts';
import type { FakeFarcasterClient } from './fake-farcaster-client.ts';
import type { TestServer } from './harness.ts';
import { startTwinActionSetup } from './twin-action-setup.ts';
import { walletClient } from './wallet-client.ts';

/** The app's URL as registered on the Base Dashboard (the stand-in's project). */
const BASE_APP_URL = 'https://fartwin-test.example.com';
/** Alice has both channels (a Farcaster client's token and a wallet she signed in with); Bob signs in later. */
const people = { alice: 1001, bob: 1002 } as const;

describe("drafts to review and digests through Base's Notifications API, for owners signed in by wallet", () => {
  let setup: Awaited<ReturnType<typeof startTwinActionSetup<'alice' | 'bob'>>>;
  let server: TestServer;
  let client: FakeFarcasterClient;
  let base: BaseNotificationsStandIn;
  let baseNotifier: BaseNotifier;
  const twins: Record<'alice' | 'bob', TwinRecord> = {} as never;
  const wallets = { alice: localUserAccount(people.alice), bob: localUserAccount(people.bob) };

  beforeAll(async () => {
    base = await startBaseNotificationsStandIn({ apiKey: LOCAL_BASE_NOTIFICATIONS_API_KEY, appUrl: BASE_APP_URL });
    // The app's own Base sender and this test's both speak to the stand-in.
    setup = await startTwinActionSetup({ alice: people.alice, bob: people.bob }, ['alice', 'bob'], {
      BASE_NOTIFICATIONS_API_URL: base.apiUrl,
      BASE_APP_URL,
    });
    ({ server, client } = setup);
    Object.assign(twins, setup.twins);
    baseNotifier = await startBaseNotificationSender(server.jobs, {
      db: server.db,
      logger: pino({ level: 'silent' }),
      api: server.config.baseNotifications!,
    });
    // Both saved the app in the Base App with its notifications on.
    base.addUser(wallets.alice.address);
    base.addUser(wallets.bob.address);
  }, 180_000);
  afterAll(async () => {
    await setup?.close();
    await base?.close();
  });

  /** What the writers get, as the app gives it: both channels. */
  const deps = (): TwinActionDeps => setup.deps({ sender: setup.sender, base: baseNotifier });
  const signIn = async (owner: keyof typeof wallets) => {
    const answer = await walletClient(
      () => ({ request: async (path, init) => server.app.request(path, init), publicUrl: server.config.publicUrl }),
      owner === 'alice' ? '203.0.113.21' : '203.0.113.22',
    ).signIn(wallets[owner]);
    expect(answer.status).toBe(200);
  };
  /** The owner's Base inbox once it holds `count` notices whose title starts so. */
  const baseInbox = (owner: keyof typeof wallets, title: string, count: number) =>
    vi.waitFor(
      () => {
        const found = base.inbox(wallets[owner].address).filter((entry) => entry.title.startsWith(title));
        expect(found).toHaveLength(count);
        return found;
      },
      { timeout: 30_000, interval: 200 },
    );
  const farcasterNotices = (prefix: string) =>
    client.notifications.filter((request) => request.notificationId.startsWith(prefix));
  const slot = async (minutesAgo: number) => (await knownClockSeconds(server.db)) - minutesAgo * 60;

  it('an owner with both channels gets a draft notice and each digest once on each, a retry adding none', async () => {
    const twin = twins.alice;
    await saveNotificationToken(server.db, { fid: people.alice, appFid: 9152, url: client.url, token: 'alice-token' });
    await signIn('alice');
    await updateAgentActions(server.db, twin.agentId, { contentWriter: true, notifications: true });
    await updateOwnerControls(server.db, twin.agentId, { askFirst: { posts: true } });

    const postJob = { kind: 'post' as const, agentId: twin.agentId, slotAt: await slot(10) };
    const drafted = await runTwinWriteJob(deps(), postJob);
    expect(drafted).toMatchObject({ status: 'drafted' });
    const [draftNotice] = await baseInbox('alice', "Review your twin's post", 1);
    expect(draftNotice!.message).toMatch(/^Your twin wrote a post — review it: /);
    expect(draftNotice!.targetPath).toBe(
      `/you/activity?notice=${encodeURIComponent(`draft:post:${twin.agentId}:${postJob.slotAt}`)}`,
    );
    await vi.waitFor(() => expect(farcasterNotices('draft:')).toHaveLength(1), { timeout: 30_000 });
    // The job run again (a retry): the same draft, told of again to neither channel.
    expect(await runTwinWriteJob(deps(), postJob)).toEqual(drafted);

    const digestJob = { kind: 'digest' as const, agentId: twin.agentId, slotAt: await slot(5) };
    expect(await runTwinWriteJob(deps(), digestJob)).toMatchObject({ status: 'sent' });
    const [digest] = await baseInbox('alice', `@${twin.twin.username} update`.slice(0, 20), 1);
    expect(digest!.message).toMatch(/Battery: /);
    await vi.waitFor(() => expect(farcasterNotices('digest:')).toHaveLength(1), { timeout: 30_000 });
    expect(await runTwinWriteJob(deps(), digestJob)).toMatchObject({ status: 'already-done' });

    // The later digest's arrival shows the retries' sends were handled before it: none added a notice.
    const later = { kind: 'digest' as const, agentId: twin.agentId, slotAt: await slot(1) };
    expect(await runTwinWriteJob(deps(), later)).toMatchObject({ status: 'sent' });
    await baseInbox('alice', `@${twin.twin.username} update`.slice(0, 20), 2);
    await vi.waitFor(() => expect(farcasterNotices('digest:')).toHaveLength(2), { timeout: 30_000 });
    expect(base.inbox(wallets.alice.address).filter((entry) => entry.title.startsWith('Review'))).toHaveLength(1);
    expect(farcasterNotices('draft:')).toHaveLength(1);
    // Base's inbox holds a notice before the sender reads Base's answer and records it sent.
    const sends = await vi.waitFor(
      async () => {
        const rows = await server.db
          .selectFrom('base_notification_sends')
          .select(['notification_id', 'sent_at'])
          .where('address', '=', wallets.alice.address)
          .execute();
        expect(rows.every((row) => row.sent_at !== null)).toBe(true);
        return rows;
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(sends.map((row) => row.notification_id).sort()).toEqual(
      [
        `draft:post:${twin.agentId}:${postJob.slotAt}`,
        `digest:${twin.agentId}:${digestJob.slotAt}`,
        `digest:${twin.agentId}:${later.slotAt}`,
      ].sort(),
    );
  }, 120_000);

  it('an owner who signs in by wallet after the twin exists gets digests and drafts on Base from then on', async () => {
    const twin = twins.bob;
    await updateAgentActions(server.db, twin.agentId, { contentWriter: true, notifications: true });
    await updateOwnerControls(server.db, twin.agentId, { askFirst: { posts: true } });
    // No channel yet: the digest's slot passes without one.
    const before = { kind: 'digest' as const, agentId: twin.agentId, slotAt: await slot(10) };
    expect(await runTwinWriteJob(deps(), before)).toEqual({ status: 'skipped', reason: 'no-notifications' });

    await signIn('bob');
    const digestJob = { kind: 'digest' as const, agentId: twin.agentId, slotAt: await slot(5) };
    expect(await runTwinWriteJob(deps(), digestJob)).toMatchObject({ status: 'sent' });
    const postJob = { kind: 'post' as const, agentId: twin.agentId, slotAt: await slot(1) };
    expect(await runTwinWriteJob(deps(), postJob)).toMatchObject({ status: 'drafted' });
    await baseInbox('bob', "Review your twin's post", 1);
    await baseInbox('bob', `@${twin.twin.username} update`.slice(0, 20), 1);
    // Bob never added the app in a Farcaster client: nothing went there for him.
    expect(client.notifications.filter((request) => request.notificationId.includes(twin.agentId))).toEqual([]);
  }, 120_000);
});
