import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LifeWatchTickDeps, runLifeWatchTick } from '../src/notify/life-watch.ts';
import { saveNotificationToken } from '../src/notify/notification-tokens.ts';
import { createChainClient } from '../src/platform/chain/client.ts';
import { chainNowSeconds } from '../src/platform/chain/life.ts';
import { lifeIndexClockSeconds } from '../src/platform/chain/life-index-state.ts';
import { type LifeIndexerDeps, syncLifeIndex } from '../src/platform/chain/life-indexer.ts';
import { runScheduleTick, SCHEDULE_QUEUE, type ScheduledJob } from '../src/twin-actions/twin-actions.ts';
import { updateAgentActions } from '../src/twin-switches/index.ts';
import { startTwinActionSetup } from './twin-action-setup.ts';
import { advanceChainTime, feedTwin, storedExpiry } from './twins.ts';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/**
 * "Now" as lives are judged is the time of the last block the LifeExtended index has read. The
 * index is held behind the head with `confirmations`, as a revival mined during a pass (or Base's
 * confirmations) would leave it. The app's own passes (its ticks, its local feed) stay 1,000 blocks
 * behind, so only the test's passes move the index and its clock, and the test's calls are the
 * schedules' only ticks.
 */
describe("the life index's clock: twins are judged at the last block indexed, never a later one", () => {
  let setup: Awaited<ReturnType<typeof startTwinActionSetup<'alice'>>>;
  let indexDeps: LifeIndexerDeps;
  let watchDeps: LifeWatchTickDeps;
  let agentId = '';
  let rpcUrl = '';
  const chain = () => indexDeps.chain;
  /** Alice's first expiry, the one her revival extends, and the index's state while behind it. */
  let expiry = 0;
  let revived = 0;
  let confirmations = 0;
  let lastIndexedAt = 0;

  beforeAll(async () => {
    setup = await startTwinActionSetup({ alice: 1001 }, ['alice'], {
      LIFE_WATCH_INTERVAL_SECONDS: '3600',
      LIFE_INDEX_CONFIRMATIONS: '1000',
    });
    const { server } = setup;
    rpcUrl = server.anvil.rpcUrl;
    agentId = setup.twins.alice.agentId;
    indexDeps = {
      db: server.db,
      chain: createChainClient(rpcUrl),
      contracts: server.services.contracts,
      life: server.services.life,
      logger: pino({ level: 'silent' }),
    };
    watchDeps = { ...indexDeps, sender: setup.sender, targetUrl: server.config.publicUrl };
    await server.jobs.offWork(SCHEDULE_QUEUE);
    await saveNotificationToken(server.db, { fid: 1001, appFid: 9152, url: setup.client.url, token: 'owner-1001' });
    await updateAgentActions(server.db, agentId, { contentWriter: true });
  }, 180_000);
  afterAll(async () => {
    await setup?.close();
  });

  const travelTo = async (at: number) => advanceChainTime(rpcUrl, at - (await chainNowSeconds(chain())));
  /** The schedules' tick with the index's pass given, and the post jobs it enqueued for alice. */
  const scheduleTick = async (deps: LifeIndexerDeps) => {
    const jobs: ScheduledJob[] = [];
    const tick = await runScheduleTick(
      deps.db,
      () => syncLifeIndex(deps),
      async (batch) => {
        jobs.push(...batch);
      },
    );
    return { now: tick.now, posts: jobs.filter((job) => job.kind === 'post' && job.agentId === agentId) };
  };

  it('a revival in a block the index has not read: no death notice at that tick', async () => {
    await runLifeWatchTick(watchDeps);
    expiry = (await storedExpiry(setup.server.db, agentId))!;
    await travelTo(expiry - 10 * 60);
    // The watch judges at this clock: ten minutes left warns the owner.
    expect((await runLifeWatchTick(watchDeps)).map((notice) => notice.kind)).toEqual(['battery-warning']);

    await feedTwin(rpcUrl, setup.deployment, agentId);
    const revivalBlock = await chain().getBlockNumber({ cacheTime: 0 });
    revived = (await setup.server.services.life.expirations([agentId])).get(agentId)!;
    expect(revived).toBeGreaterThan(expiry);
    // The chain's time passes the old expiry in a later block (the dev host's clock moved after a payment).
    await advanceChainTime(rpcUrl, HOUR);
    const head = await chain().getBlock({ blockTag: 'latest' });
    expect(Number(head.timestamp)).toBeGreaterThan(expiry);
    confirmations = Number(head.number - revivalBlock) + 1;
    lastIndexedAt = Number((await chain().getBlock({ blockNumber: revivalBlock - 1n })).timestamp);

    expect(await runLifeWatchTick({ ...watchDeps, confirmations })).toEqual([]);
    // The index stopped before the revival, and its clock with it.
    expect(await storedExpiry(setup.server.db, agentId)).toBe(expiry);
    expect(await lifeIndexClockSeconds(setup.server.db)).toBe(lastIndexedAt);
  }, 60_000);

  it('… nor is its post slot passed as dead by the schedules at that tick', async () => {
    const { now, posts } = await scheduleTick({ ...indexDeps, confirmations });
    expect(now).toBe(lastIndexedAt);
    expect(await storedExpiry(setup.server.db, agentId)).toBe(expiry);
    // Its schedule was last looked at a week ago: the last day's two slots are due, and it is alive at them.
    expect(posts).toHaveLength(2);
  });

  it("once indexed it is alive, and at the head the clock is the head's time, a jump followed", async () => {
    const now = await syncLifeIndex(indexDeps);
    expect(now).toBe(Number((await chain().getBlock({ blockTag: 'latest' })).timestamp));
    expect(await storedExpiry(setup.server.db, agentId)).toBe(revived);
    expect((await setup.deps().lives.of([agentId])).get(agentId)).toEqual({ expiresAt: revived, state: 'alive' });
    expect(await runLifeWatchTick(watchDeps)).toEqual([]);

    // The dev host's "Advance 1 day": the schedules' next tick is at the new head, with that day's two posts.
    await advanceChainTime(rpcUrl, DAY);
    const jumped = Number((await chain().getBlock({ blockTag: 'latest' })).timestamp);
    const tick = await scheduleTick(indexDeps);
    expect(tick.now).toBe(jumped);
    expect(await lifeIndexClockSeconds(setup.server.db)).toBe(jumped);
    expect(tick.posts).toHaveLength(2);
  });
});
