import {
  type ActivityItem,
  activityPath,
  activityResponseSchema,
  draftResponseSchema,
  errorBodySchema,
  ownerApprovalPaths,
} from '@fartwin/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { knownClockSeconds } from '../src/platform/chain/life-index-state.ts';
import { runTwinWriteJob } from '../src/twin-actions/twin-actions.ts';
import { ANSWERED_TEXT_MAX_BYTES } from '../src/twin-actions/twin-writes.ts';
import { updateAgentActions } from '../src/twin-switches/index.ts';
import type { TwinRecord } from '../src/twins/repository.ts';
import type { TestServer } from './harness.ts';
import { tokenFor } from './quick-auth-client.ts';
import { startTwinActionSetup, untaggedReplyJob } from './twin-action-setup.ts';

const people = { alice: 1001, bob: 1002, dan: 1004, erin: 1005 } as const;

describe("a twin's activity: everything for its owner, its public casts for anyone else", () => {
  let setup: Awaited<ReturnType<typeof startTwinActionSetup<'alice' | 'bob'>>>;
  let server: TestServer;
  let domain: string;
  let alice: TwinRecord;
  const tokens = new Map<number, string>();
  /** Alice's twin's keys, oldest first, by what they are. */
  const done = { reply: '', post: '', skip: '', draft: '' };
  let answered = { hash: '', text: '', username: '' };
  let draftAnswered = { hash: '', text: '', username: '' };

  const token = async (fid: number) => {
    if (!tokens.has(fid)) tokens.set(fid, await tokenFor((path, init) => server.app.request(path, init), fid, domain));
    return tokens.get(fid)!;
  };
  const get = async (path: string, fid: number | null) =>
    server.app.request(path, fid === null ? {} : { headers: { authorization: `Bearer ${await token(fid)}` } });
  const page = async (path: string, fid: number | null) => {
    const response = await get(path, fid);
    expect(response.status).toBe(200);
    return activityResponseSchema.parse(await response.json());
  };
  /** Every item, page by page of `limit`. */
  const allPages = async (fid: number | null, limit: number) => {
    const items: ActivityItem[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 50; pages++) {
      const body = await page(activityPath(alice.agentId, { limit, ...(cursor ? { cursor } : {}) }), fid);
      expect(body.items.length).toBeLessThanOrEqual(limit);
      items.push(...body.items);
      if (!body.nextCursor) return items;
      cursor = body.nextCursor;
    }
    throw new Error('more pages than there are items');
  };

  beforeAll(async () => {
    setup = await startTwinActionSetup({ alice: people.alice, bob: people.bob }, ['alice', 'bob']);
    server = setup.server;
    alice = setup.twins.alice;
    domain = appDomain(server.config.publicUrl);
    const deps = setup.deps();

    // A thread reply, with the cast it answered.
    const question = 'what are you building this week?';
    const replyJob = await untaggedReplyJob(server.db, alice, people.dan, question);
    expect((await runTwinWriteJob(deps, replyJob)).status).toBe('replied');
    done.reply = `thread-reply:${alice.agentId}:${replyJob.cast.hash}`;
    answered = { hash: replyJob.cast.hash, text: question, username: replyJob.cast.author.username };
    // A post.
    await updateAgentActions(server.db, alice.agentId, { contentWriter: true });
    const slotAt = (await knownClockSeconds(server.db)) - 60;
    expect((await runTwinWriteJob(deps, { kind: 'post', agentId: alice.agentId, slotAt })).status).toBe('posted');
    done.post = `post:${alice.agentId}:${slotAt}`;
    // A reply skipped: switched off.
    await updateAgentActions(server.db, alice.agentId, { replyOnFarcaster: false });
    const skippedJob = await untaggedReplyJob(server.db, alice, people.erin, 'hello?');
    expect(await runTwinWriteJob(deps, skippedJob)).toEqual({ status: 'skipped', reason: 'switched-off' });
    done.skip = `thread-reply:${alice.agentId}:${skippedJob.cast.hash}`;
    await updateAgentActions(server.db, alice.agentId, { replyOnFarcaster: true });
    // A draft ("ask me first" on replies).
    const controls = await server.app.request(ownerApprovalPaths.controls(alice.agentId), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await token(people.alice)}` },
      body: JSON.stringify({ askFirst: { replies: true } }),
    });
    expect(controls.status).toBe(200);
    const draftJob = await untaggedReplyJob(server.db, alice, people.erin, 'do you like base?');
    expect((await runTwinWriteJob(deps, draftJob)).status).toBe('drafted');
    done.draft = `thread-reply:${alice.agentId}:${draftJob.cast.hash}`;
    draftAnswered = { hash: draftJob.cast.hash, text: 'do you like base?', username: draftJob.cast.author.username };
  }, 180_000);
  afterAll(async () => {
    await setup?.close();
  });

  it('the owner sees everything, newest first: the draft, the skip and why, the post, the reply with the cast it answered', async () => {
    const body = await page(activityPath(alice.agentId), people.alice);
    expect(body.view).toBe('owner');
    expect(body.items.map((item) => [item.type, item.key])).toEqual([
      ['draft', done.draft],
      ['skip', done.skip],
      ['writing', done.post],
      ['writing', done.reply],
    ]);
    const [draft, skip, post, reply] = body.items;
    expect(draft).toMatchObject({ type: 'draft', draft: { status: 'pending', kind: 'thread-reply' } });
    expect(skip).toMatchObject({ type: 'skip', reason: 'switched-off', kind: 'thread-reply', authorFid: people.erin });
    const casts = await server.db.selectFrom('social_casts').selectAll().where('fid', '=', alice.twin.fid).execute();
    expect(post).toMatchObject({ type: 'writing', kind: 'post' });
    expect(reply).toMatchObject({
      type: 'writing',
      kind: 'thread-reply',
      answered,
    });
    // Each cast opens: its hash is the one the network has.
    for (const item of [post, reply]) {
      if (item?.type !== 'writing') throw new Error('expected a writing');
      expect(casts.find((cast) => cast.hash === item.castHash)?.text).toBe(item.text);
    }
  });

  it('anyone else, signed in or not, sees only the public casts', async () => {
    for (const viewer of [null, people.bob]) {
      const body = await page(activityPath(alice.agentId), viewer);
      expect(body.view).toBe('public');
      expect(body.items.map((item) => item.key)).toEqual([done.post, done.reply]);
    }
  });

  it('pages by cursor: every item once, in order, at any page size', async () => {
    const whole = (await page(activityPath(alice.agentId, { limit: 50 }), people.alice)).items.map((item) => item.key);
    for (const limit of [1, 2, 3]) {
      expect((await allPages(people.alice, limit)).map((item) => item.key)).toEqual(whole);
    }
    expect((await allPages(null, 1)).map((item) => item.key)).toEqual([done.post, done.reply]);
  });

  it('bad input gets a clear error: a token that does not hold, a cursor or limit out of bounds, an unknown twin', async () => {
    const expectError = async (response: Response, status: number, code: string) => {
      expect(response.status).toBe(status);
      expect(errorBodySchema.parse(await response.json()).code).toBe(code);
    };
    await expectError(
      await server.app.request(activityPath(alice.agentId), { headers: { authorization: 'Bearer nope' } }),
      401,
      'unauthorized',
    );
    await expectError(await get(activityPath(alice.agentId, { cursor: 'bm9wZQ' }), null), 400, 'invalid_cursor');
    // A cursor made by hand with a NUL in its key: refused before it reaches SQL (else Postgres' 22021, a 500).
    const nul = Buffer.from(JSON.stringify(['2026-11-25 15:40:01.123456+00', 'post:\u0000'])).toString('base64url');
    await expectError(await get(activityPath(alice.agentId, { cursor: nul }), null), 400, 'invalid_cursor');
    // Cursors of the right shape whose time does not exist: refused here, not by Postgres (a 500).
    for (const at of [
      '2026-02-30 15:40:01.123456+00',
      '2026-13-01 15:40:01+00',
      '2026-11-25 25:40:01+00',
      '2026-11-25 15:60:01+00',
      '2026-11-25 15:40:01+99',
      '0000-01-01 00:00:00+00',
    ]) {
      const impossible = Buffer.from(JSON.stringify([at, 'post:1'])).toString('base64url');
      await expectError(await get(activityPath(alice.agentId, { cursor: impossible }), null), 400, 'invalid_cursor');
    }
    await expectError(await get(`${activityPath(alice.agentId)}?limit=51`, null), 400, 'invalid_request');
    await expectError(await get(activityPath('0a0a0a0a-0000-4000-8000-000000000000'), null), 404, 'unknown_agent');
    await expectError(await get(activityPath('not-a-twin'), null), 400, 'invalid_agent_id');
  });

  it('shows the cast a reply answered as the reply stored it, with no read of the network; older replies show its hash', async () => {
    // The drafted reply, published: it keeps what it answers.
    const published = await server.app.request(ownerApprovalPaths.publishDraft(alice.agentId, done.draft), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await token(people.alice)}` },
      body: '{}',
    });
    expect(published.status).toBe(200);
    expect(draftResponseSchema.parse(await published.json()).draft.status).toBe('published');
    // A long question is kept clipped (replies without asking first again).
    const controls = await server.app.request(ownerApprovalPaths.controls(alice.agentId), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await token(people.alice)}` },
      body: JSON.stringify({ askFirst: { replies: false } }),
    });
    expect(controls.status).toBe(200);
    const long = `${'why is the sky blue and not green '.repeat(20)}?`;
    const longJob = await untaggedReplyJob(server.db, alice, people.dan, long);
    expect((await runTwinWriteJob(setup.deps(), longJob)).status).toBe('replied');
    // What the network holds now is not read: an outsider reloading the page costs no provider call.
    await server.db
      .updateTable('social_casts')
      .set({ text: 'changed since' })
      .where('hash', 'in', [answered.hash, draftAnswered.hash, longJob.cast.hash])
      .execute();

    const answeredOf = async (key: string) => {
      const body = await page(activityPath(alice.agentId, { limit: 50 }), null);
      const item = body.items.find((entry) => entry.key === key);
      if (item?.type !== 'writing') throw new Error(`no writing ${key}`);
      return item.answered;
    };
    expect(await answeredOf(done.reply)).toEqual(answered);
    expect(await answeredOf(done.draft)).toEqual(draftAnswered);
    const clipped = await answeredOf(`thread-reply:${alice.agentId}:${longJob.cast.hash}`);
    expect(new TextEncoder().encode(clipped!.text!).length).toBeLessThanOrEqual(ANSWERED_TEXT_MAX_BYTES);
    expect(clipped!.text!.endsWith('…')).toBe(true);
    expect(long.startsWith(clipped!.text!.slice(0, -1))).toBe(true);

    // A reply stored before answered casts were kept: the hash alone, not a read of the network.
    await server.db
      .updateTable('twin_writings')
      .set({ answered_text: null, answered_username: null })
      .where('key', '=', done.reply)
      .execute();
    expect(await answeredOf(done.reply)).toEqual({ hash: answered.hash, text: null, username: null });
  });
});
