import { type ChatEngine, type ChatInput, PAUSED_NOTE, systemPrompt } from '@fartwin/echo';
import {
  CAST_MAX_BYTES,
  draftResponseSchema,
  errorBodySchema,
  OWNER_CONTROL_DEFAULTS,
  ownerApprovalPaths,
  ownerControlsResponseSchema,
} from '@fartwin/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { planReply, readForReply } from '../src/chat/chat-service.ts';
import { saveNotificationToken } from '../src/notify/notification-tokens.ts';
import { knownClockSeconds } from '../src/platform/chain/life-index-state.ts';
import { counting } from '../src/platform/limits/rate-limits.ts';
import type { FarcasterActions } from '../src/platform/providers/farcaster-actions.ts';
import { publishLocalCast } from '../src/social/local-network.ts';
import type { TwinActionDeps } from '../src/twin-actions/deps.ts';
import {
  CLOSED_DRAFTS_KEPT_DAYS,
  DRAFT_REVIEW_SECONDS,
  deleteClosedDrafts,
  expireDrafts,
  publishDraft,
} from '../src/twin-actions/drafts.ts';
import { runTwinWriteJob } from '../src/twin-actions/twin-actions.ts';
import { updateAgentActions } from '../src/twin-switches/index.ts';
import type { TwinRecord } from '../src/twins/repository.ts';
import type { FakeFarcasterClient } from './fake-farcaster-client.ts';
import type { TestServer } from './harness.ts';
import { tokenFor } from './quick-auth-client.ts';
import { recordedSkip, startTwinActionSetup, untaggedReplyJob } from './twin-action-setup.ts';

const people = { alice: 1001, bob: 1002, dan: 1004, erin: 1005 } as const;

describe('the owner pauses the twin and reviews what it wrote first ("ask me first")', () => {
  let setup: Awaited<ReturnType<typeof startTwinActionSetup<'alice' | 'bob'>>>;
  let server: TestServer;
  let client: FakeFarcasterClient;
  let domain: string;
  const twins: Record<'alice' | 'bob', TwinRecord> = {} as never;
  const tokens = new Map<number, string>();

  beforeAll(async () => {
    setup = await startTwinActionSetup({ alice: people.alice, bob: people.bob }, ['alice', 'bob']);
    ({ server, client } = setup);
    Object.assign(twins, setup.twins);
    domain = appDomain(server.config.publicUrl);
  }, 180_000);
  afterAll(async () => {
    await setup?.close();
  });

  /** What the writers get, notifications through the real sender. */
  const deps = (overrides: Partial<TwinActionDeps> = {}): TwinActionDeps =>
    setup.deps({ sender: setup.sender, ...overrides });

  const token = async (fid: number) => {
    if (!tokens.has(fid)) tokens.set(fid, await tokenFor((path, init) => server.app.request(path, init), fid, domain));
    return tokens.get(fid)!;
  };
  /** A request signed in as `fid` (none when null), with a JSON body when given. */
  const call = async (method: string, path: string, fid: number | null, body?: unknown) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (fid !== null) headers.authorization = `Bearer ${await token(fid)}`;
    return server.app.request(path, {
      method,
      headers,
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
  };
  const expectError = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    expect(errorBodySchema.parse(await response.json()).code).toBe(code);
  };
  const setControls = async (twin: TwinRecord, update: unknown) => {
    const response = await call('PATCH', ownerApprovalPaths.controls(twin.agentId), twin.ownerFid, update);
    expect(response.status).toBe(200);
    return ownerControlsResponseSchema.parse(await response.json()).controls;
  };

  const castsBy = (fid: number) =>
    server.db.selectFrom('social_casts').selectAll().where('fid', '=', fid).orderBy('id').execute();
  const draftRow = (key: string) =>
    server.db.selectFrom('twin_drafts').selectAll().where('key', '=', key).executeTakeFirstOrThrow();

  const skipped = (key: string) => recordedSkip(server.db, key);

  /** A cast by `fid` that tags `twin`, on the local network (the server's own firehose hands it on). */
  let castCount = 0;
  const tag = async (fid: number, twin: TwinRecord, text: string) =>
    (
      await publishLocalCast(server.db, {
        fid,
        text: `@${twin.twin.username} ${text}`,
        embeds: [],
        idempotencyKey: `owner-approval-test-${castCount++}`,
      })
    ).hash;

  const replyJob = (twin: TwinRecord, fid: number, text: string) => untaggedReplyJob(server.db, twin, fid, text);

  it('pause and "ask me first": only the owner reads or changes them (401 signed out, 403 for anyone else)', async () => {
    const path = ownerApprovalPaths.controls(twins.bob.agentId);
    await expectError(await call('GET', path, null), 401, 'unauthorized');
    await expectError(await call('GET', path, people.alice), 403, 'forbidden');
    await expectError(await call('PATCH', path, null, { paused: true }), 401, 'unauthorized');
    await expectError(await call('PATCH', path, people.alice, { paused: true }), 403, 'forbidden');
    const read = await call('GET', path, people.bob);
    expect(read.status).toBe(200);
    expect(ownerControlsResponseSchema.parse(await read.json()).controls).toEqual(OWNER_CONTROL_DEFAULTS);
    await expectError(await call('PATCH', path, people.bob, {}), 400, 'invalid_request');
    await expectError(await call('PATCH', path, people.bob, { paused: 'yes' }), 400, 'invalid_request');
    await expectError(await call('PATCH', path, people.bob, { askFirst: { digests: true } }), 400, 'invalid_request');
    await expectError(await call('PATCH', path, people.bob, '{'), 400, 'invalid_json');
    // One at a time: the others stay.
    expect(await setControls(twins.bob, { askFirst: { replies: true } })).toEqual({
      paused: false,
      askFirst: { posts: false, replies: true },
    });
    expect(await setControls(twins.bob, { paused: true })).toEqual({
      paused: true,
      askFirst: { posts: false, replies: true },
    });
    expect(await setControls(twins.bob, { paused: false, askFirst: { replies: false } })).toEqual(
      OWNER_CONTROL_DEFAULTS,
    );
  });

  it('pause stops tag replies, DM answers, posts and digests, each recorded as "paused"; read on every write', async () => {
    const twin = twins.alice;
    await updateAgentActions(server.db, twin.agentId, { contentWriter: true, notifications: true });
    await saveNotificationToken(server.db, { fid: people.alice, appFid: 9152, url: client.url, token: 'alice-token' });
    const twinCasts = (await castsBy(twin.twin.fid)).length;
    await setControls(twin, { paused: true });

    // The server's own workers: a tag through the local firehose, a direct message.
    const tagged = await tag(people.dan, twin, 'are you there?');
    expect((await skipped(`thread-reply:${twin.agentId}:${tagged}`)).reason).toBe('paused');
    const sent = await server.app.request('/local-network/direct-messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fromFid: people.dan, toFid: twin.twin.fid, text: 'hello twin' }),
    });
    expect(sent.status).toBe(201);
    const { message } = (await sent.json()) as { message: { id: number } };
    expect((await skipped(`dm-reply:${twin.agentId}:${message.id}`)).reason).toBe('paused');
    // The schedules' writers.
    const slotAt = (await knownClockSeconds(server.db)) - 60;
    expect(await runTwinWriteJob(deps(), { kind: 'post', agentId: twin.agentId, slotAt })).toEqual({
      status: 'skipped',
      reason: 'paused',
    });
    expect((await skipped(`post:${twin.agentId}:${slotAt}`)).reason).toBe('paused');
    expect(await runTwinWriteJob(deps(), { kind: 'digest', agentId: twin.agentId, slotAt })).toEqual({
      status: 'skipped',
      reason: 'paused',
    });
    expect((await skipped(`digest:${twin.agentId}:${slotAt}`)).reason).toBe('paused');
    expect(await castsBy(twin.twin.fid)).toHaveLength(twinCasts);
    expect(client.notifications.filter((request) => request.notificationId.startsWith('digest:'))).toHaveLength(0);

    // Unpaused, the very next write goes out: the switch is read per write, not cached.
    await setControls(twin, { paused: false });
    const outcome = await runTwinWriteJob(deps(), await replyJob(twin, people.dan, 'what do you build?'));
    expect(outcome.status).toBe('replied');
    expect(await castsBy(twin.twin.fid)).toHaveLength(twinCasts + 1);
    await updateAgentActions(server.db, twin.agentId, { contentWriter: false, notifications: false });
  });

  it('ask me first on posts: a post becomes a draft, the owner is notified once, and nothing is cast', async () => {
    const twin = twins.bob;
    // Notifications reach the owner who added the app with them; the digests' switch stays off.
    await updateAgentActions(server.db, twin.agentId, { contentWriter: true });
    await saveNotificationToken(server.db, { fid: people.bob, appFid: 9152, url: client.url, token: 'bob-token' });
    await setControls(twin, { askFirst: { posts: true } });
    const before = (await castsBy(twin.twin.fid)).length;
    const slotAt = (await knownClockSeconds(server.db)) - 120;
    const job = { kind: 'post' as const, agentId: twin.agentId, slotAt };
    const clockBefore = await knownClockSeconds(server.db);
    const first = await runTwinWriteJob(deps(), job);
    const clockAfter = await knownClockSeconds(server.db);
    expect(first).toMatchObject({ status: 'drafted', key: `post:${twin.agentId}:${slotAt}` });
    // A retried job finds its draft: same text, no second notification.
    expect(await runTwinWriteJob(deps(), job)).toEqual(first);
    expect(await castsBy(twin.twin.fid)).toHaveLength(before);
    const notices = client.notifications.filter(
      (request) => request.notificationId === `draft:post:${twin.agentId}:${slotAt}`,
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe("Review your twin's post");
    expect(notices[0]!.body).toMatch(/^Your twin wrote a post — review it: /);
    expect(notices[0]!.targetUrl).toBe(`${server.config.publicUrl}/you/activity`);
    // Reviewable for a day from when it was written (the slot may be older, if the job ran late).
    const draft = await draftRow(`post:${twin.agentId}:${slotAt}`);
    expect(draft).toMatchObject({ status: 'pending', kind: 'post' });
    expect(draft.expires_at).toBeGreaterThanOrEqual(clockBefore + DRAFT_REVIEW_SECONDS);
    expect(draft.expires_at).toBeLessThanOrEqual(clockAfter + DRAFT_REVIEW_SECONDS);

    // The day's second post, while the first still waits: a draft too, and no second notice (one
    // notice while drafts wait; Activity lists both).
    const second = await runTwinWriteJob(deps(), { kind: 'post', agentId: twin.agentId, slotAt: slotAt + 60 });
    expect(second).toMatchObject({ status: 'drafted', key: `post:${twin.agentId}:${slotAt + 60}` });
    expect((await draftRow(`post:${twin.agentId}:${slotAt + 60}`)).status).toBe('pending');
    expect(client.notifications.filter((request) => request.notificationId.startsWith('draft:'))).toHaveLength(1);
    // Out of the later tests' way.
    await server.db
      .updateTable('twin_drafts')
      .set({ status: 'discarded' })
      .where('key', '=', `post:${twin.agentId}:${slotAt + 60}`)
      .execute();
  });

  it('a draft published twice at once (double tap, two replicas) is cast once', async () => {
    const twin = twins.bob;
    const slotAt = (await knownClockSeconds(server.db)) - 180;
    const key = `post:${twin.agentId}:${slotAt}`;
    await runTwinWriteJob(deps(), { kind: 'post', agentId: twin.agentId, slotAt });
    // Every cast the channel is asked for, counted on the way to the real local network.
    const real = server.services.farcasterActions;
    const asked: string[] = [];
    const counting: FarcasterActions = {
      ...real,
      publishCast: async (request) => {
        asked.push(request.idempotencyKey);
        return real.publishCast(request);
      },
    };
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => publishDraft(deps({ farcasterActions: counting }), twin.agentId, key)),
    );
    expect(asked).toEqual([key]);
    expect(outcomes.filter((outcome) => outcome.status === 'published').length).toBeGreaterThanOrEqual(1);
    expect(outcomes.every((outcome) => outcome.status === 'published' || outcome.status === 'busy')).toBe(true);
    // Through the route as well, after: the draft is published, nothing more is cast.
    const again = await call('POST', ownerApprovalPaths.publishDraft(twin.agentId, key), people.bob, {});
    expect(again.status).toBe(200);
    const { draft } = draftResponseSchema.parse(await again.json());
    expect(draft.status).toBe('published');
    const casts = (await castsBy(twin.twin.fid)).filter((cast) => cast.hash === draft.castHash);
    expect(casts).toHaveLength(1);
    expect(casts[0]!.text).toBe(draft.text);
  });

  it('the owner edits a drafted reply then publishes it: cast once under the cast it answers, with the edit', async () => {
    const twin = twins.bob;
    await setControls(twin, { askFirst: { replies: true } });
    const job = await replyJob(twin, people.erin, 'what are you working on?');
    const drafted = await runTwinWriteJob(deps(), job);
    expect(drafted.status).toBe('drafted');
    const key = `thread-reply:${twin.agentId}:${job.cast.hash}`;
    expect((await castsBy(twin.twin.fid)).filter((cast) => cast.parent_hash === job.cast.hash)).toHaveLength(0);
    const path = ownerApprovalPaths.publishDraft(twin.agentId, key);
    await expectError(await call('POST', path, null, { text: 'x' }), 401, 'unauthorized');
    await expectError(await call('POST', path, people.alice, { text: 'x' }), 403, 'forbidden');
    await expectError(
      await call('POST', path, people.bob, { text: 'é'.repeat(CAST_MAX_BYTES / 2 + 1) }),
      400,
      'invalid_request',
    );
    await expectError(await call('POST', path, people.bob, { text: '   ' }), 400, 'invalid_request');
    await expectError(
      await call('POST', ownerApprovalPaths.publishDraft(twin.agentId, 'nope'), people.bob, {}),
      400,
      'invalid_draft_key',
    );
    const edited = 'building a tiny escrow for friends, mostly on base';
    const [one, two] = await Promise.all([
      call('POST', path, people.bob, { text: edited }),
      call('POST', path, people.bob, { text: `${edited}!!` }),
    ]);
    expect([one!.status, two!.status].sort()).toContain(200);
    const replies = (await castsBy(twin.twin.fid)).filter((cast) => cast.parent_hash === job.cast.hash);
    expect(replies).toHaveLength(1);
    expect([edited, `${edited}!!`]).toContain(replies[0]!.text);
    expect((await draftRow(key)).text).toBe(replies[0]!.text);
    // The job run again finds it written.
    expect((await runTwinWriteJob(deps(), job)).status).toBe('already-done');
    await setControls(twin, { askFirst: { replies: false } });
  });

  it('a discarded draft is never cast; only the owner discards', async () => {
    const twin = twins.bob;
    const slotAt = (await knownClockSeconds(server.db)) - 240;
    const key = `post:${twin.agentId}:${slotAt}`;
    await runTwinWriteJob(deps(), { kind: 'post', agentId: twin.agentId, slotAt });
    const path = ownerApprovalPaths.discardDraft(twin.agentId, key);
    await expectError(await call('POST', path, null), 401, 'unauthorized');
    await expectError(await call('POST', path, people.alice), 403, 'forbidden');
    const discarded = await call('POST', path, people.bob);
    expect(discarded.status).toBe(200);
    expect(draftResponseSchema.parse(await discarded.json()).draft.status).toBe('discarded');
    // A double tap: discarded still.
    const again = await call('POST', path, people.bob);
    expect(again.status).toBe(200);
    expect(draftResponseSchema.parse(await again.json()).draft.status).toBe('discarded');
    await expectError(
      await call('POST', ownerApprovalPaths.publishDraft(twin.agentId, key), people.bob, {}),
      409,
      'draft_closed',
    );
    const { text } = await draftRow(key);
    expect((await castsBy(twin.twin.fid)).filter((cast) => cast.text === text)).toHaveLength(0);
    await expectError(
      await call('POST', ownerApprovalPaths.discardDraft(twin.agentId, `post:${twin.agentId}:1`), people.bob),
      404,
      'unknown_draft',
    );
  });

  it('a draft not reviewed within 24 h is discarded by the expiry and recorded as a skip', async () => {
    const twin = twins.bob;
    const now = await knownClockSeconds(server.db);
    const slotAt = now - 300;
    const key = `post:${twin.agentId}:${slotAt}`;
    await runTwinWriteJob(deps(), { kind: 'post', agentId: twin.agentId, slotAt });
    const { expires_at } = await draftRow(key);
    expect(expires_at).toBeGreaterThanOrEqual(now + DRAFT_REVIEW_SECONDS);

    await expireDrafts(deps(), expires_at - 1);
    expect((await draftRow(key)).status).toBe('pending');
    expect(await expireDrafts(deps(), expires_at)).toBeGreaterThanOrEqual(1);
    expect((await draftRow(key)).status).toBe('expired');
    expect(await skipped(key)).toMatchObject({ reason: 'draft-expired', kind: 'post', agent_id: twin.agentId });
    // Once: a second run records nothing more, and it can no longer be published.
    expect(await expireDrafts(deps(), expires_at + 10)).toBe(0);
    await expectError(
      await call('POST', ownerApprovalPaths.publishDraft(twin.agentId, key), people.bob, {}),
      409,
      'draft_closed',
    );
    await setControls(twin, { askFirst: { posts: false } });
    await updateAgentActions(server.db, twin.agentId, { contentWriter: false, notifications: false });
  });

  it('paused, the chat with its owner still works and its context says so; anyone else chats as before', async () => {
    const twin = twins.alice;
    await setControls(twin, { paused: true });
    const readsOf = (fid: number) =>
      readForReply(
        { db: server.db, lives: server.services.lives },
        twin.agentId,
        fid,
        counting([{ name: 'chatPerFid', key: `paused-test-${fid}` }]).statement,
      );
    // The engine gets what the chat route would give it; the echo engine writes the reply.
    const inputs: ChatInput[] = [];
    const engine: ChatEngine = {
      name: server.services.chatEngine.name,
      reply: (input) => {
        inputs.push(input);
        return server.services.chatEngine.reply(input);
      },
    };
    const budget = { totalMs: 60_000, stallMs: 30_000 };
    for (const fid of [people.alice, people.dan]) {
      const planned = planReply({ db: server.db, chatEngine: engine, budget }, await readsOf(fid), 'are you there?');
      let reply = '';
      for await (const chunk of planned.chunks) reply += chunk;
      expect(reply.length).toBeGreaterThan(0);
    }
    expect(inputs.map((input) => input.task)).toEqual([{ kind: 'chat', ownerPaused: true }, undefined]);
    expect(systemPrompt(inputs[0]!.character, inputs[0]!.task)).toContain(PAUSED_NOTE);
    await setControls(twin, { paused: false });
    expect((await readsOf(people.alice)).ownerPaused).toBe(false);
  });

  it('deletes closed drafts past their keeping, in batches; pending ones and recent ones stay', async () => {
    const twin = twins.alice;
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);
    const old = daysAgo(CLOSED_DRAFTS_KEPT_DAYS + 1);
    const drafts = [
      { key: 'cleanup:published', status: 'published', created_at: old },
      { key: 'cleanup:discarded', status: 'discarded', created_at: old },
      { key: 'cleanup:expired-1', status: 'expired', created_at: old },
      { key: 'cleanup:expired-2', status: 'expired', created_at: old },
      { key: 'cleanup:expired-3', status: 'expired', created_at: old },
      { key: 'cleanup:pending', status: 'pending', created_at: old },
      { key: 'cleanup:publishing', status: 'publishing', created_at: old },
      { key: 'cleanup:recent', status: 'discarded', created_at: daysAgo(CLOSED_DRAFTS_KEPT_DAYS - 1) },
    ] as const;
    await server.db
      .insertInto('twin_drafts')
      .values(
        drafts.map((draft) => ({
          ...draft,
          agent_id: twin.agentId,
          kind: 'post' as const,
          text: draft.key,
          clock_at: 0,
          expires_at: 0,
        })),
      )
      .execute();
    const keys = () =>
      server.db
        .selectFrom('twin_drafts')
        .select('key')
        .where('key', 'like', 'cleanup:%')
        .orderBy('key')
        .execute()
        .then((rows) => rows.map((row) => row.key));
    // Batches of 2: five old closed drafts take three statements.
    expect(await deleteClosedDrafts(server.db, now, 2)).toBe(5);
    expect(await keys()).toEqual(['cleanup:pending', 'cleanup:publishing', 'cleanup:recent']);
    // Run again (another replica, the next tick): nothing more.
    expect(await deleteClosedDrafts(server.db, now, 2)).toBe(0);
  });
});
