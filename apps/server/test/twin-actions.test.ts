import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapLocalChain, type Deployment } from '@fartwin/contracts/deployment';
import { CAST_MAX_BYTES, feedResponseSchema } from '@fartwin/protocol';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAgentActions } from '../src/agent-actions/repository.ts';
import type { AgentRecord } from '../src/agents/repository.ts';
import { knownClockSeconds } from '../src/chain/life-index-state.ts';
import { saveNotificationToken } from '../src/notify/notification-tokens.ts';
import { type NotificationSender, startNotificationSender } from '../src/notify/sender.ts';
import type { FarcasterActions } from '../src/providers/farcaster-actions.ts';
import { NEYNAR_WEBHOOK_PATH } from '../src/routes/neynar-webhook.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import type { TwinActionDeps } from '../src/twin-actions/deps.ts';
import { neynarSignature } from '../src/twin-actions/mentions/neynar-cast.ts';
import { TWIN_TO_TWIN_REPLIES_PER_THREAD } from '../src/twin-actions/mentions/thread-reply.ts';
import { enqueueDueSchedules, runTwinWriteJob, type ScheduledJob } from '../src/twin-actions/twin-actions.ts';
import { type FakeFarcasterClient, startFakeFarcasterClient } from './fake-farcaster-client.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { advanceChainTime, createTwin, feedTwin } from './twins.ts';

const DAY = 24 * 60 * 60;
const WEBHOOK_SECRET = 'test-neynar-webhook-secret';
const people = { alice: 1001, bob: 1002, carol: 1003, dan: 1004 } as const;

describe("the twin's actions: thread replies, direct messages, posts and digests", () => {
  let server: TestServer;
  let deployment: Deployment;
  let client: FakeFarcasterClient;
  let sender: NotificationSender;
  const dataDir = mkdtempSync(join(tmpdir(), 'fartwin-twin-actions-'));
  /** Alive: alice's and bob's twins. Dead: carol's (never fed). */
  const twins: Record<'alice' | 'bob' | 'carol', AgentRecord> = {} as never;

  beforeAll(async () => {
    const deploymentFile = join(dataDir, 'deployment.json');
    server = await startTestServer({
      DEPLOYMENT_FILE: deploymentFile,
      LIFE_WATCH_INTERVAL_SECONDS: '1',
      NEYNAR_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    await seedLocalNetwork(server.db, server.config.publicUrl);
    deployment = await bootstrapLocalChain({ rpcUrl: server.anvil.rpcUrl, deploymentFile });
    for (const name of ['alice', 'bob', 'carol'] as const) {
      twins[name] = await createTwin(server.db, people[name]);
      // The twin's own account in the local network, as the deploy pipeline makes it.
      await server.db
        .insertInto('social_accounts')
        .values({
          fid: twins[name].twin.fid,
          username: twins[name].twin.username,
          display_name: twins[name].twin.displayName,
          bio: 'AI twin',
          custody_address: twins[name].walletAddress,
        })
        .execute();
    }
    await feedTwin(server.anvil.rpcUrl, deployment, twins.alice.agentId);
    await feedTwin(server.anvil.rpcUrl, deployment, twins.bob.agentId);
    client = await startFakeFarcasterClient();
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

  const deps = (overrides: Partial<TwinActionDeps> = {}): TwinActionDeps => ({
    ...server.services,
    db: server.db,
    logger: pino({ level: 'silent' }),
    sender: { send: async () => ({ delivered: [], invalid: [], retrying: [] }) },
    publicUrl: server.config.publicUrl,
    ...overrides,
  });

  /** What the schedules' tick enqueues at clock time `now`; the schedules move on, as the tick's do. */
  const dueScheduledJobs = async (now: number) => {
    const jobs: ScheduledJob[] = [];
    await enqueueDueSchedules(server.db, now, async (batch) => {
      jobs.push(...batch);
    });
    return jobs;
  };

  /** A thread-reply job for `agent` on a cast by `author` that mentions it. */
  const threadJob = (agent: AgentRecord, hash: string, text: string, author: { fid: number; username: string }) => ({
    kind: 'thread-reply' as const,
    agentId: agent.agentId,
    cast: {
      hash,
      text,
      author,
      parentHash: null,
      parentAuthorFid: null,
      threadHash: null,
      mentionedFids: [agent.twin.fid],
      mentionedUsernames: [],
    },
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    server.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const cast = async (fid: number, text: string, parentHash?: string) => {
    const response = await post('/local-network/casts', { fid, text, ...(parentHash ? { parentHash } : {}) });
    expect(response.status).toBe(201);
    return ((await response.json()) as { hash: string }).hash;
  };

  const castsBy = (fid: number) =>
    server.db.selectFrom('social_casts').selectAll().where('fid', '=', fid).orderBy('id').execute();
  const repliesTo = (hash: string) =>
    server.db.selectFrom('social_casts').selectAll().where('parent_hash', '=', hash).orderBy('id').execute();

  /** For checks that nothing happens: lets the workers and the firehose have their go first. */
  const quietly = async <T>(read: () => Promise<T>, ms = 3_000) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return read();
  };

  /** Waits (bounded) until `read` gives at least `count` items, then lets stragglers land and answers them. */
  async function eventually<T>(read: () => Promise<T[]>, count: number, settleMs = 1_500): Promise<T[]> {
    for (let waited = 0; waited < 20_000; waited += 200) {
      if ((await read()).length >= count) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    return read();
  }

  it('a tagged twin replies once, threaded under the cast, written from its character within a cast', async () => {
    const hash = await cast(people.dan, `@${twins.alice.twin.username} what are you building this week?`);
    const replies = await eventually(() => repliesTo(hash), 1);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.fid).toBe(twins.alice.twin.fid);
    expect(new TextEncoder().encode(replies[0]!.text).length).toBeLessThanOrEqual(CAST_MAX_BYTES);
    // The dev host's feed shows it as a reply to that cast.
    const feed = feedResponseSchema.parse(await (await server.app.request('/local-network/feed?limit=100')).json());
    expect(feed.casts.find((item) => item.hash === replies[0]!.hash)?.parentHash).toBe(hash);
  });

  it("a reply to one of the twin's casts is answered too; its own casts never are", async () => {
    const [twinCast] = await castsBy(twins.alice.twin.fid);
    const hash = await cast(people.dan, 'nice, tell me more', twinCast!.hash);
    expect(await eventually(() => repliesTo(hash), 1)).toHaveLength(1);

    const own = await runTwinWriteJob(deps(), {
      kind: 'thread-reply',
      agentId: twins.alice.agentId,
      cast: {
        hash: twinCast!.hash,
        text: twinCast!.text,
        author: { fid: twins.alice.twin.fid, username: twins.alice.twin.username },
        parentHash: null,
        parentAuthorFid: null,
        threadHash: null,
        mentionedFids: [],
        mentionedUsernames: [twins.alice.twin.username],
      },
    });
    expect(own).toEqual({ status: 'skipped', reason: 'own-cast' });
  });

  it('exactly once: two workers on the same cast make one reply', async () => {
    const hash = await cast(people.carol, 'no twin mentioned here');
    const job = threadJob(twins.bob, hash, 'no twin mentioned here', { fid: people.carol, username: 'carol' });
    await Promise.all([runTwinWriteJob(deps(), job), runTwinWriteJob(deps(), job)]);
    expect(await repliesTo(hash)).toHaveLength(1);
    const writings = await server.db.selectFrom('twin_writings').selectAll().where('thread_hash', '=', hash).execute();
    expect(writings).toHaveLength(1);
    expect(writings[0]!.delivered_ref).toBe((await repliesTo(hash))[0]!.hash);
  });

  it('exactly once: a crash between writing and casting is retried with the same text, cast once', async () => {
    const hash = await cast(people.carol, 'another untagged cast');
    let crashes = 1;
    const real = server.services.farcasterActions;
    const crashing: FarcasterActions = {
      ...real,
      async publishCast(request) {
        const published = await real.publishCast(request);
        if (crashes-- > 0) throw new Error('crashed after casting, before recording');
        return published;
      },
    };
    const job = threadJob(twins.bob, hash, 'another untagged cast', { fid: people.carol, username: 'carol' });
    await expect(runTwinWriteJob(deps({ farcasterActions: crashing }), job)).rejects.toThrow('crashed');
    const written = await server.db
      .selectFrom('twin_writings')
      .selectAll()
      .where('key', '=', `thread-reply:${twins.bob.agentId}:${hash}`)
      .executeTakeFirstOrThrow();
    expect(written.delivered_ref).toBeNull();
    const retried = await runTwinWriteJob(deps({ farcasterActions: crashing }), job);
    expect(retried).toMatchObject({ status: 'replied', text: written.text });
    const replies = await repliesTo(hash);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.text).toBe(written.text);
  });

  it('twins talking to twins stop: a bounded number of twin replies per thread', async () => {
    // Alice's twin tags bob's twin; each answers the other's reply until the bound.
    const { hash: root } = await server.services.farcasterActions.publishCast({
      account: { fid: twins.alice.twin.fid, signerId: null },
      text: `@${twins.bob.twin.username} what do you make of escrow contracts?`,
      embeds: [],
      idempotencyKey: 'twin-to-twin-root',
    });
    const threadReplies = () =>
      server.db
        .selectFrom('twin_writings')
        .selectAll()
        .where('thread_hash', '=', root)
        .where('kind', '=', 'thread-reply')
        .execute();
    const replies = await eventually(threadReplies, TWIN_TO_TWIN_REPLIES_PER_THREAD, 4_000);
    expect(replies).toHaveLength(TWIN_TO_TWIN_REPLIES_PER_THREAD);
    const authors = new Set(replies.map((reply) => reply.agent_id));
    expect(authors).toEqual(new Set([twins.alice.agentId, twins.bob.agentId]));
  });

  it('with "Reply on farcaster" off the twin does nothing; on again, it replies', async () => {
    await updateAgentActions(server.db, twins.bob.agentId, { replyOnFarcaster: false });
    const hash = await cast(people.dan, `@${twins.bob.twin.username} are you there?`);
    const job = threadJob(twins.bob, hash, 'are you there?', { fid: people.dan, username: 'dan' });
    expect(await runTwinWriteJob(deps(), job)).toEqual({ status: 'skipped', reason: 'switched-off' });
    expect(await quietly(() => repliesTo(hash))).toHaveLength(0);
    await updateAgentActions(server.db, twins.bob.agentId, { replyOnFarcaster: true });
    expect(await runTwinWriteJob(deps(), job)).toMatchObject({ status: 'replied' });
  });

  it('a dead twin answers once per thread, with the page where anyone can revive it', async () => {
    const first = await cast(people.dan, `@${twins.carol.twin.username} hello?`);
    const replies = await eventually(() => repliesTo(first), 1);
    expect(replies).toHaveLength(1);
    const agentPage = `${server.config.publicUrl}/agent/${encodeURIComponent(twins.carol.agentId)}`;
    expect(replies[0]!.text).toContain('1 USDC');
    expect(replies[0]!.text).toContain(agentPage);
    expect(replies[0]!.embeds).toEqual([agentPage]);
    // Tagged again in the same thread: nothing more.
    const second = await cast(people.alice, `@${twins.carol.twin.username} still there?`, first);
    expect(await quietly(() => repliesTo(second))).toHaveLength(0);
    const deadReplies = await server.db
      .selectFrom('twin_writings')
      .selectAll()
      .where('agent_id', '=', twins.carol.agentId)
      .where('kind', '=', 'dead-reply')
      .execute();
    expect(deadReplies).toHaveLength(1);
  });

  it('Neynar deliveries: signed ones are taken once; unsigned, forged and replayed ones get 401 and enqueue nothing', async () => {
    const hash = `0x${'ab'.repeat(20)}`;
    const body = JSON.stringify({
      created_at: Math.floor(Date.now() / 1000),
      type: 'cast.created',
      data: {
        object: 'cast',
        hash,
        thread_hash: hash,
        parent_hash: null,
        parent_author: { fid: null },
        author: { fid: people.dan, username: 'dan' },
        text: `@${twins.bob.twin.username} hi from the real network`,
        mentioned_profiles: [{ fid: twins.bob.twin.fid, username: twins.bob.twin.username }],
      },
    });
    const jobsFor = async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
        where name = 'twin-write' and data->'cast'->>'hash' = ${hash}`.execute(server.db);
      return rows[0]!.n;
    };
    const signature = neynarSignature(WEBHOOK_SECRET, body);
    const unsigned = await post(NEYNAR_WEBHOOK_PATH, body);
    expect(unsigned.status).toBe(401);
    const forged = await post(NEYNAR_WEBHOOK_PATH, body, { 'x-neynar-signature': neynarSignature('wrong', body) });
    expect(forged.status).toBe(401);
    const tampered = await post(NEYNAR_WEBHOOK_PATH, body.replace('hi from', 'bye from'), {
      'x-neynar-signature': signature,
    });
    expect(tampered.status).toBe(401);
    expect(await jobsFor()).toBe(0);

    const accepted = await post(NEYNAR_WEBHOOK_PATH, body, { 'x-neynar-signature': signature });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ accepted: 1 });
    const replayed = await post(NEYNAR_WEBHOOK_PATH, body, { 'x-neynar-signature': signature });
    expect(replayed.status).toBe(401);
    expect(((await replayed.json()) as { code: string }).code).toBe('replayed_delivery');
    expect(await jobsFor()).toBe(1);
  });

  it('a direct message to a twin is answered once, with the conversation; not when switched off', async () => {
    const send = (text: string) =>
      post('/local-network/direct-messages', { fromFid: people.dan, toFid: twins.alice.twin.fid, text });
    expect((await send('hey, what do you cast about?')).status).toBe(201);
    const conversation = async () => {
      const response = await server.app.request(
        `/local-network/direct-messages?fid=${people.dan}&with=${twins.alice.twin.fid}`,
      );
      return ((await response.json()) as { messages: { fromFid: number; text: string }[] }).messages;
    };
    const messages = await eventually(conversation, 2);
    expect(messages).toHaveLength(2);
    expect(messages[1]!.fromFid).toBe(twins.alice.twin.fid);

    await updateAgentActions(server.db, twins.alice.agentId, { replyToDirectMessages: false });
    expect((await send('still there?')).status).toBe(201);
    expect(await quietly(conversation)).toHaveLength(3);
    await updateAgentActions(server.db, twins.alice.agentId, { replyToDirectMessages: true });

    // Bad input loses nothing and says why.
    expect(
      (await post('/local-network/direct-messages', { fromFid: people.dan, toFid: 4242, text: 'hi' })).status,
    ).toBe(404);
    expect(
      (await post('/local-network/direct-messages', { fromFid: people.dan, toFid: twins.alice.twin.fid, text: ' ' }))
        .status,
    ).toBe(400);
    expect(
      (
        await post('/local-network/direct-messages', {
          fromFid: people.dan,
          toFid: twins.alice.twin.fid,
          text: 'x'.repeat(1025),
        })
      ).status,
    ).toBe(400);
    expect(await conversation()).toHaveLength(3);
  });

  it('Content Writer: a day of the clock brings two different posts, once each; off means none', async () => {
    const now = await knownClockSeconds(server.db);
    expect((await dueScheduledJobs(now + DAY)).filter((job) => job.kind === 'post')).toHaveLength(0);
    await updateAgentActions(server.db, twins.bob.agentId, { contentWriter: true });
    const jobs = (await dueScheduledJobs(now + DAY)).filter(
      (job) => job.kind === 'post' && job.agentId === twins.bob.agentId,
    );
    expect(jobs).toHaveLength(2);
    const before = (await castsBy(twins.bob.twin.fid)).length;
    // Run together, as the queue's workers do when a day's two slots are due at once.
    const outcomes = await Promise.all(jobs.map((job) => runTwinWriteJob(deps(), job)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['posted', 'posted']);
    const posts = (await castsBy(twins.bob.twin.fid)).slice(before);
    expect(posts).toHaveLength(2);
    expect(posts.every((item) => item.parent_hash === null)).toBe(true);
    expect(posts[0]!.text).not.toBe(posts[1]!.text);
    // Done: not due again, and a rerun casts nothing new.
    expect((await dueScheduledJobs(now + DAY)).filter((job) => job.kind === 'post')).toHaveLength(0);
    expect((await runTwinWriteJob(deps(), jobs[0]!)).status).toBe('already-done');
    expect(await castsBy(twins.bob.twin.fid)).toHaveLength(before + 2);
    await updateAgentActions(server.db, twins.bob.agentId, { contentWriter: false });
    expect((await dueScheduledJobs(now + 2 * DAY)).filter((job) => job.kind === 'post')).toHaveLength(0);
  });

  it('Notifications: two digests a day to an owner with notifications, saying what the twin did and its battery', async () => {
    const now = await knownClockSeconds(server.db);
    await updateAgentActions(server.db, twins.alice.agentId, { notifications: true });
    await saveNotificationToken(server.db, { fid: people.alice, appFid: 9152, url: client.url, token: 'alice-token' });
    // Carol has no notification token: her twin's slots pass without a digest.
    await updateAgentActions(server.db, twins.carol.agentId, { notifications: true });
    const jobs = (await dueScheduledJobs(now + DAY)).filter((job) => job.kind === 'digest');
    expect(jobs.map((job) => job.agentId)).toEqual([twins.alice.agentId, twins.alice.agentId]);
    const sent = [];
    for (const job of jobs) sent.push(await runTwinWriteJob(deps({ sender }), job));
    expect(sent.map((outcome) => outcome.status)).toEqual(['sent', 'sent']);
    const digests = client.notifications.filter((request) => request.notificationId.startsWith('digest:'));
    expect(digests).toHaveLength(2);
    for (const digest of digests) {
      expect(digest.tokens).toEqual(['alice-token']);
      expect(digest.body.length).toBeLessThanOrEqual(128);
      expect(digest.body).toMatch(/Battery: /);
    }
    // Alice's twin replied and answered a DM earlier in this file: the first digest says so.
    expect(digests[0]!.body).toMatch(/repl(y|ies)/);
    expect((await runTwinWriteJob(deps({ sender }), jobs[0]!)).status).toBe('already-done');
    expect(client.notifications.filter((request) => request.notificationId.startsWith('digest:'))).toHaveLength(2);
  });

  // Last: moving the chain clock forward empties every battery on this chain.
  it('a twin whose battery a clock jump just emptied answers as a dead twin, before the life watch ticks', async () => {
    await server.syncLives();
    await advanceChainTime(server.anvil.rpcUrl, 8 * DAY);
    // Tagged at once, before the life watch's next tick has recorded the new time.
    const tagged = await cast(people.dan, `@${twins.bob.twin.username} are you there?`);
    const replies = await eventually(() => repliesTo(tagged), 1);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.text).toContain(`/agent/${encodeURIComponent(twins.bob.agentId)}`);
  });
});
