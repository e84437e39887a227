import type { ChatEngine } from '@fartwin/echo';
import { CAST_MAX_BYTES, feedResponseSchema } from '@fartwin/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEYNAR_WEBHOOK_PATH } from '../src/cast-webhooks/index.ts';
import { saveNotificationToken } from '../src/notify/notification-tokens.ts';
import type { NotificationSender } from '../src/notify/sender.ts';
import { knownClockSeconds } from '../src/platform/chain/life-index-state.ts';
import { LOCK_SPACES } from '../src/platform/db/advisory-locks.ts';
import type { FarcasterActions } from '../src/platform/providers/farcaster-actions.ts';
import { publishLocalCast } from '../src/social/local-network.ts';
import { POST_TURN_SECONDS, PostTurnTaken } from '../src/twin-actions/content-writer/post.ts';
import type { TwinActionDeps } from '../src/twin-actions/deps.ts';
import { mentionsIn } from '../src/twin-actions/mention-filter.ts';
import { publishHandingOn } from '../src/twin-actions/mentions/local-firehose.ts';
import { neynarSignature } from '../src/twin-actions/mentions/neynar-cast.ts';
import { TWIN_TO_TWIN_REPLIES_PER_THREAD } from '../src/twin-actions/mentions/thread-reply.ts';
import { chargeReply } from '../src/twin-actions/reply-rules.ts';
import {
  enqueueDueSchedules,
  runTwinWriteJob,
  type ScheduledJob,
  TWIN_WRITE_QUEUE,
  twinWriteKey,
} from '../src/twin-actions/twin-actions.ts';
import { llmEngine } from '../src/twin-mind/engines/ai-sdk-engine.ts';
import { updateAgentActions } from '../src/twin-switches/index.ts';
import type { TwinRecord } from '../src/twins/repository.ts';
import type { FakeFarcasterClient } from './fake-farcaster-client.ts';
import { startFakeHttp } from './fake-http.ts';
import type { TestServer } from './harness.ts';
import { lockWaiters } from './pool-observer.ts';
import { recordedSkip, startTwinActionSetup, waitFor } from './twin-action-setup.ts';
import { advanceChainTime } from './twins.ts';

const DAY = 24 * 60 * 60;
const WEBHOOK_SECRET = 'test-neynar-webhook-secret';
/** Sample users of the local network (scores above the quality bar), and one below it. */
const people = {
  alice: 1001,
  bob: 1002,
  carol: 1003,
  dan: 1004,
  erin: 1005,
  frank: 1006,
  grace: 1007,
  heidi: 1008,
  lowScore: 1020,
} as const;

describe("the twin's actions: thread replies, direct messages, posts and digests", () => {
  let setup: Awaited<ReturnType<typeof startTwinActionSetup<'alice' | 'bob' | 'carol'>>>;
  let server: TestServer;
  let client: FakeFarcasterClient;
  let sender: NotificationSender;
  /** Alive: alice's and bob's twins. Dead: carol's (never fed). */
  const twins: Record<'alice' | 'bob' | 'carol', TwinRecord> = {} as never;

  beforeAll(async () => {
    setup = await startTwinActionSetup(
      { alice: people.alice, bob: people.bob, carol: people.carol },
      ['alice', 'bob'],
      {
        NEYNAR_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    );
    ({ server, client, sender } = setup);
    Object.assign(twins, setup.twins);
  }, 180_000);
  afterAll(async () => {
    await setup?.close();
  });

  const deps = (overrides: Partial<TwinActionDeps> = {}): TwinActionDeps => setup.deps(overrides);

  /** What the schedules' tick enqueues at clock time `now`; the schedules move on, as the tick's do. */
  const dueScheduledJobs = async (now: number) => {
    const jobs: ScheduledJob[] = [];
    await enqueueDueSchedules(server.db, now, async (batch) => {
      jobs.push(...batch);
    });
    return jobs;
  };

  /** A thread-reply job for `twin` on a cast by `author` that mentions it. */
  const threadJob = (
    twin: TwinRecord,
    hash: string,
    text: string,
    author: { fid: number; username: string; score?: number },
    /** Whom the provider reports as mentioned, besides the twin (a plain-text `@name` is not among them). */
    mentionedUsernames: string[] = [],
  ) => ({
    kind: 'thread-reply' as const,
    agentId: twin.agentId,
    cast: {
      hash,
      text,
      author,
      parentHash: null,
      parentAuthorFid: null,
      threadHash: null,
      mentionedFids: [twin.twin.fid],
      mentionedUsernames,
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

  /** Waits until `read` gives at least `count` items, and answers them. */
  const eventually = <T>(read: () => Promise<T[]>, count: number) =>
    waitFor(read, (items) => items.length >= count, `${count} items`);

  /** Waits until the queue's job for this writing key has run to its end: a positive signal that it was handled. */
  const jobFinished = (key: string) =>
    waitFor(
      async () => {
        const { rows } = await sql<{ state: string }>`select state from pgboss.job
          where name = 'twin-write' and singleton_key = ${key}`.execute(server.db);
        return rows;
      },
      (rows) => rows.length > 0 && rows.every((row) => row.state === 'completed'),
      `the job ${key}`,
    );

  const skipped = (key: string) => recordedSkip(server.db, key);

  /** Another replica's pass of the local feed: its lock, held on a connection of its own until released. */
  const holdFeedAsAnotherReplica = async () => {
    let release = () => {};
    let held = () => {};
    const heldNow = new Promise<void>((resolve) => {
      held = resolve;
    });
    const holding = server.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${LOCK_SPACES.localFirehose}::int, 0)`.execute(connection);
      held();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await sql`select pg_advisory_unlock(${LOCK_SPACES.localFirehose}::int, 0)`.execute(connection);
    });
    await heldNow;
    return {
      release: async () => {
        release();
        await holding;
      },
    };
  };

  /** Waits for a twin's reply in this thread skipped for the thread's bound. */
  const boundReachedIn = (root: string) =>
    waitFor(
      () =>
        server.db
          .selectFrom('twin_write_skips')
          .innerJoin('social_casts', 'social_casts.hash', 'twin_write_skips.subject')
          .selectAll('twin_write_skips')
          .where('social_casts.thread_hash', '=', root)
          .where('twin_write_skips.reason', '=', 'thread-bound')
          .execute(),
      (rows) => rows.length > 0,
      `the thread bound in ${root}`,
    );

  it('a tagged twin replies once, threaded under the cast, written from its character within a cast', async () => {
    const hash = await cast(people.dan, `@${twins.alice.twin.username} what are you building this week?`);
    await eventually(() => repliesTo(hash), 1);
    await jobFinished(`thread-reply:${twins.alice.agentId}:${hash}`);
    const replies = await repliesTo(hash);
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
    await jobFinished(`thread-reply:${twins.alice.agentId}:${hash}`);
    expect(await repliesTo(hash)).toHaveLength(1);

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

  it('casts published between two reads of the feed are handed on in one pass, each to the twins it concerns', async () => {
    // Published straight into the network, as between two passes; then one pass reads them all.
    const publish = (fid: number, text: string, parentHash?: string) =>
      publishLocalCast(server.db, { fid, text, embeds: [], idempotencyKey: crypto.randomUUID(), parentHash });
    const [aliceCast] = await castsBy(twins.alice.twin.fid);
    const toAlice = await publish(people.erin, `@${twins.alice.twin.username} one for you`);
    // Both twins, one by a differently cased username: two jobs from one cast.
    const toBoth = await publish(
      people.frank,
      `@${twins.alice.twin.username.toUpperCase()} and @${twins.bob.twin.username} both of you`,
    );
    const ownMention = await publish(twins.bob.twin.fid, `@${twins.bob.twin.username} talking to myself`);
    const replyToAlice = await publish(people.grace, 'replying to your cast', aliceCast!.hash);
    const untagged = await publish(people.heidi, 'no twin in this one');
    await server.twinActions.pollLocalCasts();
    const keysOf = async (hash: string) => {
      const { rows } = await sql<{ key: string }>`select singleton_key as key from pgboss.job
        where name = 'twin-write' and singleton_key like ${`thread-reply:%:${hash}`}`.execute(server.db);
      return rows.map((row) => row.key).sort();
    };
    // The pass is over: the feed's cursor is past the last of them.
    const cursor = await server.db
      .selectFrom('chain_cursors')
      .select('block')
      .where('name', '=', 'local-firehose')
      .executeTakeFirstOrThrow();
    const last = await server.db
      .selectFrom('social_casts')
      .select('id')
      .where('hash', '=', untagged.hash)
      .executeTakeFirstOrThrow();
    expect(cursor.block).toBeGreaterThanOrEqual(last.id);
    expect(await keysOf(toAlice.hash)).toEqual([`thread-reply:${twins.alice.agentId}:${toAlice.hash}`]);
    expect(await keysOf(toBoth.hash)).toEqual(
      [`thread-reply:${twins.alice.agentId}:${toBoth.hash}`, `thread-reply:${twins.bob.agentId}:${toBoth.hash}`].sort(),
    );
    expect(await keysOf(ownMention.hash)).toEqual([]);
    expect(await keysOf(replyToAlice.hash)).toEqual([`thread-reply:${twins.alice.agentId}:${replyToAlice.hash}`]);
    expect(await keysOf(untagged.hash)).toEqual([]);
  });

  it('a cast published while another replica reads the feed is handed on by this pass once that read ends', async () => {
    // The feed is held before the cast exists: the service's own scheduled pass cannot hand it on
    // first, however long the machine takes between the two.
    const otherReplica = await holdFeedAsAnotherReplica();
    try {
      const published = await publishLocalCast(server.db, {
        fid: people.erin,
        text: `@${twins.bob.twin.username} while the feed was held`,
        embeds: [],
        idempotencyKey: crypto.randomUUID(),
      });
      const key = `thread-reply:${twins.bob.agentId}:${published.hash}`;
      const jobs = async () =>
        (
          await sql<{ key: string }>`select singleton_key as key from pgboss.job
          where name = 'twin-write' and singleton_key = ${key}`.execute(server.db)
        ).rows;
      const polled = server.twinActions.pollLocalCasts();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await jobs()).toEqual([]);
      await otherReplica.release();
      await polled;
      expect(await jobs()).toEqual([{ key }]);
    } finally {
      // Released even when an expectation fails, so the tests after it do not wait on the feed.
      await otherReplica.release();
    }
  });

  it('a cast published through the network is handed on at once: its job is there when the post answers, and the feed passes over it', async () => {
    const singletonKeys = async (hash: string) =>
      (
        await sql<{ key: string }>`select singleton_key as key from pgboss.job
          where name = 'twin-write' and singleton_key like ${`thread-reply:%:${hash}`}`.execute(server.db)
      ).rows.map((row) => row.key);
    // Another replica holds the feed throughout: only the publish itself can have handed it on.
    const otherReplica = await holdFeedAsAnotherReplica();
    const hash = await cast(people.bob, `@${twins.alice.twin.username} straight from the compose box`);
    await otherReplica.release();
    const key = `thread-reply:${twins.alice.agentId}:${hash}`;
    expect(await singletonKeys(hash)).toEqual([key]);
    const row = await server.db
      .selectFrom('social_casts')
      .select('handed_on')
      .where('hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row.handed_on).toBe(true);
    // Once answered, a pass of the feed over it makes no second job.
    const [answer] = await eventually(() => repliesTo(hash), 1);
    await jobFinished(key);
    await server.twinActions.pollLocalCasts();
    expect(await singletonKeys(hash)).toEqual([key]);

    // A reply to the twin's answer, deeper in the thread: the job carries the cast as it was stored.
    const reply = await cast(people.bob, 'and one more thing', answer!.hash);
    const [job] = (
      await sql<{ data: { cast: Record<string, unknown> } }>`select data from pgboss.job
        where name = 'twin-write' and singleton_key = ${`thread-reply:${twins.alice.agentId}:${reply}`}`.execute(
        server.db,
      )
    ).rows;
    const stored = await server.db
      .selectFrom('social_casts')
      .innerJoin('social_accounts', 'social_accounts.fid', 'social_casts.fid')
      .select([
        'social_casts.thread_hash',
        'social_casts.parent_hash',
        'social_accounts.username',
        'social_accounts.score',
      ])
      .where('hash', '=', reply)
      .executeTakeFirstOrThrow();
    expect(job!.data.cast).toMatchObject({
      hash: reply,
      parentHash: answer!.hash,
      parentAuthorFid: twins.alice.twin.fid,
      threadHash: hash,
      author: { fid: people.bob, username: stored.username, score: stored.score },
    });
    expect(stored).toMatchObject({ thread_hash: hash, parent_hash: answer!.hash });
  });

  it('a cast whose jobs could not be inserted is published all the same, and the feed hands it on', async () => {
    // The jobs are made (one, for alice's twin), then their insert fails after the cast was stored.
    const published = await publishHandingOn(
      server.db,
      {
        fid: people.heidi,
        text: `@${twins.alice.twin.username} are you there?`,
        embeds: [],
        idempotencyKey: crypto.randomUUID(),
      },
      {
        jobsFor: async (incoming) => [incoming],
        enqueue: async () => {
          throw new Error('the job insert failed');
        },
      },
    );
    expect(published).toMatchObject({ status: 'published', jobs: 0, handOffError: new Error('the job insert failed') });
    const hash = (published as { hash: string }).hash;
    const stored = await server.db
      .selectFrom('social_casts')
      .select('handed_on')
      .where('hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(stored.handed_on).toBe(false);
    // Still the feed's: its next pass hands it on, and the twin answers.
    await server.twinActions.pollLocalCasts();
    expect(await eventually(() => repliesTo(hash), 1)).toHaveLength(1);
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
    // The signal that the loop ended: a twin's next reply was skipped for the thread's bound.
    await boundReachedIn(root);
    const replies = await threadReplies();
    expect(replies).toHaveLength(TWIN_TO_TWIN_REPLIES_PER_THREAD);
    const authors = new Set(replies.map((reply) => reply.agent_id));
    expect(authors).toEqual(new Set([twins.alice.agentId, twins.bob.agentId]));
  });

  it('a thread 32 casts deep: bounds are keyed on the thread hash, so twins answering twins stop and a dead twin answers once', async () => {
    // A root that tags carol's (dead) twin: its notice, once for the thread.
    const root = await cast(people.frank, `@${twins.carol.twin.username} are you awake?`);
    await eventually(() => repliesTo(root), 1);
    // People talk under it, 30 casts deep, tagging nobody.
    let parent = root;
    for (let depth = 1; depth < 30; depth++) {
      ({ hash: parent } = await publishLocalCast(server.db, {
        fid: depth % 2 ? people.grace : people.frank,
        text: `deep in the thread, cast ${depth}`,
        embeds: [],
        idempotencyKey: `deep-thread-${depth}`,
        parentHash: parent,
      }));
    }
    // 31st cast: alice's twin tags bob's twin; from there the twins answer each other, 32 casts deep and more.
    await server.services.farcasterActions.publishCast({
      account: { fid: twins.alice.twin.fid, signerId: null },
      text: `@${twins.bob.twin.username} what do you make of escrow contracts, this deep down?`,
      embeds: [],
      idempotencyKey: 'deep-thread-opener',
      parentHash: parent,
    });
    await boundReachedIn(root);
    const twinReplies = await server.db
      .selectFrom('twin_writings')
      .selectAll()
      .where('thread_hash', '=', root)
      .where('kind', '=', 'thread-reply')
      .execute();
    expect(twinReplies).toHaveLength(TWIN_TO_TWIN_REPLIES_PER_THREAD);
    const deepest = await server.db
      .selectFrom('social_casts')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('thread_hash', '=', root)
      .executeTakeFirstOrThrow();
    expect(Number(deepest.count)).toBeGreaterThanOrEqual(32);

    // Tagged again 30 casts down the same thread, the dead twin stays quiet: its notice was per thread.
    const late = await cast(people.heidi, `@${twins.carol.twin.username} still asleep down here?`, parent);
    expect((await skipped(`thread-reply:${twins.carol.agentId}:${late}`)).reason).toBe('dead');
    const notices = await server.db
      .selectFrom('twin_writings')
      .selectAll()
      .where('thread_hash', '=', root)
      .where('kind', '=', 'dead-reply')
      .execute();
    expect(notices).toHaveLength(1);
  });

  it('60 root casts tagging one twin from one author within seconds: replies stop at the per-author limit, the rest are skipped and recorded', async () => {
    const author = { fid: 900_001, username: 'tag-spammer' };
    await server.db
      .insertInto('social_accounts')
      .values({ ...author, display_name: 'Tag spammer', bio: '', custody_address: `0x${'5a'.repeat(20)}`, score: 0.9 })
      .execute();
    const limit = server.config.replyRules.perAuthor.hour;
    expect(limit).toBeLessThan(60);
    const hashes = await Promise.all(
      Array.from({ length: 60 }, (_, n) => cast(author.fid, `@${twins.alice.twin.username} question number ${n}?`)),
    );
    // Every cast accounted for: each job either counted a reply or recorded why it did not.
    const charges = () =>
      server.db.selectFrom('twin_reply_charges').selectAll().where('author_fid', '=', author.fid).execute();
    const skips = () =>
      server.db.selectFrom('twin_write_skips').selectAll().where('author_fid', '=', author.fid).execute();
    await waitFor(
      async () => (await charges()).length + (await skips()).length,
      (handled) => handled === 60,
      'all 60 casts handled',
    );
    expect(await charges()).toHaveLength(limit);
    const skipped60 = await skips();
    expect(skipped60).toHaveLength(60 - limit);
    for (const skip of skipped60) {
      expect(skip).toMatchObject({ agent_id: twins.alice.agentId, kind: 'thread-reply', reason: 'author-limit' });
      expect(hashes).toContain(skip.subject);
    }
    const replied = hashes.filter((hash) => !skipped60.some((skip) => skip.subject === hash));
    await Promise.all(replied.map((hash) => eventually(() => repliesTo(hash), 1)));
    const replies = await server.db
      .selectFrom('social_casts')
      .selectAll()
      .where('fid', '=', twins.alice.twin.fid)
      .where('parent_hash', 'in', hashes)
      .execute();
    expect(replies).toHaveLength(limit);

    // Exactly once: run again, a replied job is done and a skipped one records nothing more.
    const again = (hash: string) =>
      runTwinWriteJob(deps(), threadJob(twins.alice, hash, `@${twins.alice.twin.username} again`, author));
    expect((await again(replied[0]!)).status).toBe('already-done');
    expect(await again(skipped60[0]!.subject)).toEqual({ status: 'skipped', reason: 'author-limit' });
    expect(await charges()).toHaveLength(limit);
    expect(await skips()).toHaveLength(60 - limit);
  });

  it('an author over their limit costs no provider call: the thread is walked for context only after the charge', async () => {
    const farcaster = server.services.farcaster;
    const walked: string[] = [];
    const counting = {
      ...farcaster,
      getCast(hash: string) {
        walked.push(hash);
        return farcaster.getCast(hash);
      },
    };
    const root = await cast(people.dan, 'a root cast about escrow');
    const middle = await cast(people.dan, 'and a reply in its thread', root);
    const thinker = { fid: 900_002, username: 'deep-thinker' };
    await server.db
      .insertInto('social_accounts')
      .values({
        ...thinker,
        display_name: 'Deep thinker',
        bio: '',
        custody_address: `0x${'5b'.repeat(20)}`,
        score: 0.9,
      })
      .execute();
    const spammer = { fid: 900_001, username: 'tag-spammer' };
    // Casts under the reply that do not tag the twin (the firehose leaves them), as jobs that do.
    const deepReply = async (author: { fid: number; username: string }) => {
      const text = 'what about this thread?';
      const job = threadJob(twins.alice, await cast(author.fid, text, middle), text, author);
      return { ...job, cast: { ...job.cast, parentHash: middle, threadHash: root } };
    };
    // The spammer of the test before is over their limit: skipped, and the thread never read.
    const overLimit = await runTwinWriteJob(deps({ farcaster: counting }), await deepReply(spammer));
    expect(overLimit).toEqual({ status: 'skipped', reason: 'author-limit' });
    expect(walked).toEqual([]);
    // An author within their limit: charged, then the thread is read for its context.
    const within = await runTwinWriteJob(deps({ farcaster: counting }), await deepReply(thinker));
    expect(within.status).toBe('replied');
    expect(walked[0]).toBe(middle);
  });

  it("a charge waits for another replica's charge of the same author and counts it: the limit holds across replicas", async () => {
    const rules = { perAuthor: { hour: 3, day: 100 }, perTwin: { hour: 1000, day: 1000 }, minUserScore: 0 };
    const authorFid = 990_001;
    const charge = (key: string) =>
      chargeReply(server.db, rules, { key: `race:${key}`, agentId: twins.bob.agentId, authorFid, channel: 'cast' });
    expect([await charge('a'), await charge('b')]).toEqual(['charged', 'charged']);
    // Another replica is charging the author's third reply: it holds the author's lock, not yet committed.
    let commit = () => {};
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const otherReplica = server.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${LOCK_SPACES.replyChargesAuthor}::int, hashtext(${String(authorFid)}))`.execute(
        trx,
      );
      await trx
        .insertInto('twin_reply_charges')
        .values({ key: 'race:c', agent_id: twins.bob.agentId, author_fid: authorFid, channel: 'cast' })
        .execute();
      holding();
      await new Promise<void>((resolve) => {
        commit = resolve;
      });
    });
    await held;
    let settled = false;
    const fourth = charge('d').finally(() => {
      settled = true;
    });
    // Released only once Postgres shows the fourth charge waiting for the author's lock.
    const { rows } = await sql<{ id: number }>`select hashtext(${String(authorFid)}) as id`.execute(server.db);
    const authorLock = { space: LOCK_SPACES.replyChargesAuthor, id: rows[0]!.id };
    await expect.poll(() => lockWaiters(server.db, authorLock), { timeout: 20_000, interval: 20 }).toBe(1);
    expect(settled).toBe(false);
    commit();
    await otherReplica;
    // Counted after the other's commit: the third was the last free one.
    expect(await fourth).toBe('author-limit');
    // A key already charged is charged once, whatever the limit says now.
    expect(await charge('a')).toBe('charged');
    const stored = await server.db
      .selectFrom('twin_reply_charges')
      .select('key')
      .where('author_fid', '=', authorFid)
      .orderBy('key')
      .execute();
    expect(stored.map((row) => row.key)).toEqual(['race:a', 'race:b', 'race:c']);
  });

  it('a twin at its own limit skips the reply and records it (per twin, whoever asks)', async () => {
    const rules = server.config.replyRules;
    const hash = `0x${'e1'.repeat(20)}`;
    const job = threadJob(twins.bob, hash, `@${twins.bob.twin.username} hi`, {
      fid: people.heidi,
      username: 'soilsignal',
    });
    const full = deps({ replyRules: { ...rules, perTwin: { hour: 0, day: rules.perTwin.day } } });
    expect(await runTwinWriteJob(full, job)).toEqual({ status: 'skipped', reason: 'twin-limit' });
    expect((await skipped(`thread-reply:${twins.bob.agentId}:${hash}`)).subject).toBe(hash);
  });

  it('twins answer only accounts at or above the quality score; a low-score author is skipped as filtered', async () => {
    const low = await server.db
      .selectFrom('social_accounts')
      .select(['username', 'score'])
      .where('fid', '=', people.lowScore)
      .executeTakeFirstOrThrow();
    expect(low.score).toBeLessThan(server.config.replyRules.minUserScore);
    const hash = await cast(people.lowScore, `@${twins.alice.twin.username} hi!! is this how tagging works?`);
    expect((await skipped(`thread-reply:${twins.alice.agentId}:${hash}`)).reason).toBe('filtered');
    expect(await repliesTo(hash)).toHaveLength(0);

    // The score that comes with a cast is the one that counts: Neynar's webhook carries the author's
    // (its User object's `score`), so no lookup is made.
    const hookHash = `0x${'f3'.repeat(20)}`;
    const body = JSON.stringify({
      created_at: Math.floor(Date.now() / 1000),
      type: 'cast.created',
      data: {
        object: 'cast',
        hash: hookHash,
        thread_hash: hookHash,
        parent_hash: null,
        parent_author: { fid: null },
        author: { fid: people.dan, username: 'moonmaxxer', score: 0.2 },
        text: `@${twins.alice.twin.username} hello from a low-score account`,
        mentioned_profiles: [{ fid: twins.alice.twin.fid, username: twins.alice.twin.username }],
      },
    });
    const delivery = await post(NEYNAR_WEBHOOK_PATH, body, {
      'x-neynar-signature': neynarSignature(WEBHOOK_SECRET, body),
    });
    expect(delivery.status).toBe(200);
    expect((await skipped(`thread-reply:${twins.alice.agentId}:${hookHash}`)).reason).toBe('filtered');
    const scored = threadJob(twins.alice, `0x${'f2'.repeat(20)}`, `@${twins.alice.twin.username} hello`, {
      fid: people.lowScore,
      username: low.username,
      score: 0.9,
    });
    expect(await runTwinWriteJob(deps(), scored)).toMatchObject({ status: 'replied' });
  });

  it("a twin answers its own owner whatever the owner's quality score (the bar is for strangers)", async () => {
    const owner = await server.db
      .selectFrom('social_accounts')
      .select('username')
      .where('fid', '=', twins.alice.ownerFid)
      .executeTakeFirstOrThrow();
    const lowScoreOwner = { fid: twins.alice.ownerFid, username: owner.username, score: 0.05 };
    expect(lowScoreOwner.score).toBeLessThan(server.config.replyRules.minUserScore);
    const hash = `0x${'e7'.repeat(20)}`;
    const job = threadJob(twins.alice, hash, `@${twins.alice.twin.username} what have you been up to?`, lowScoreOwner);
    expect(await runTwinWriteJob(deps(), job)).toMatchObject({ status: 'replied' });
    // The same score from anyone else is filtered.
    const stranger = threadJob(twins.alice, `0x${'e8'.repeat(20)}`, `@${twins.alice.twin.username} hi`, {
      ...lowScoreOwner,
      fid: people.dan,
    });
    expect(await runTwinWriteJob(deps(), stranger)).toEqual({ status: 'skipped', reason: 'filtered' });
  });

  it('asked about a cast "by @a @b @c", the twin repeats none of that line and tags none of them', async () => {
    const [twinCast] = await castsBy(twins.alice.twin.fid);
    // A reply to the twin's cast needs no tag: the question is the whole cast.
    const hash = await cast(
      people.grace,
      'what do you think of this cast by @a @b @c: “escrow contracts need a dispute window”?',
      twinCast!.hash,
    );
    const [reply] = await eventually(() => repliesTo(hash), 1);
    expect(reply!.text).not.toContain('@a @b @c');
    expect(reply!.text).toMatch(/that cast/i);
    expect(mentionsIn(reply!.text).filter((name) => ['a', 'b', 'c'].includes(name))).toEqual([]);
  });

  it('a reply tags no one the person did not tag, whatever the engine writes (an LLM answering "@stranger")', async () => {
    const answer = ['@moonmaxxer would agree, ', 'and so would @stranger. ', 'Ask @soilsignal too.'];
    const llm = await startFakeHttp((request, response) => {
      const body = JSON.parse(request.body) as { model: string };
      const chunk = (delta: object, finish: string | null) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1_700_000_000, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chunk({ role: 'assistant', content: '' }, null));
      for (const content of answer) response.write(chunk({ content }, null));
      response.write(chunk({}, 'stop'));
      response.end('data: [DONE]\n\n');
    });
    try {
      const replyTo = (hash: string, mentioned: string[]) =>
        runTwinWriteJob(
          deps({ chatEngine: llmEngine({ baseUrl: `${llm.url}/v1`, model: 'twin-model' }) }),
          threadJob(
            twins.alice,
            hash,
            `@${twins.alice.twin.username} what would @moonmaxxer say about escrow?`,
            { fid: people.heidi, username: 'soilsignal' },
            mentioned,
          ),
        );
      const outcome = await replyTo(`0x${'11'.repeat(20)}`, ['moonmaxxer']);
      expect(llm.requests).toHaveLength(1);
      expect(outcome).toMatchObject({ status: 'replied' });
      const text = (outcome as { text: string }).text;
      // The person answered and the account the provider says they tagged stay tagged; the stranger is named, not tagged.
      expect(mentionsIn(text).sort()).toEqual(['moonmaxxer', 'soilsignal']);
      expect(text).toContain('so would stranger.');
      // The same words where "@moonmaxxer" is only text shaped like a mention (the provider reports no
      // mention of it): not tagged either.
      const plain = await replyTo(`0x${'12'.repeat(20)}`, []);
      expect(mentionsIn((plain as { text: string }).text)).toEqual(['soilsignal']);
    } finally {
      await llm.close();
    }
  });

  it('with "Reply on farcaster" off the twin does nothing; on again, it replies', async () => {
    await updateAgentActions(server.db, twins.bob.agentId, { replyOnFarcaster: false });
    const hash = await cast(people.dan, `@${twins.bob.twin.username} are you there?`);
    const job = threadJob(twins.bob, hash, 'are you there?', { fid: people.dan, username: 'dan' });
    expect(await runTwinWriteJob(deps(), job)).toEqual({ status: 'skipped', reason: 'switched-off' });
    // The queue's own job for the cast has run too, and was skipped with the reason recorded.
    await jobFinished(`thread-reply:${twins.bob.agentId}:${hash}`);
    expect((await skipped(`thread-reply:${twins.bob.agentId}:${hash}`)).reason).toBe('switched-off');
    expect(await repliesTo(hash)).toHaveLength(0);
    await updateAgentActions(server.db, twins.bob.agentId, { replyOnFarcaster: true });
    expect(await runTwinWriteJob(deps(), job)).toMatchObject({ status: 'replied' });
  });

  it('a dead twin answers once per thread, with the page where anyone can revive it', async () => {
    const first = await cast(people.dan, `@${twins.carol.twin.username} hello?`);
    const replies = await eventually(() => repliesTo(first), 1);
    expect(replies).toHaveLength(1);
    const twinPage = `${server.config.publicUrl}/agent/${encodeURIComponent(twins.carol.agentId)}`;
    expect(replies[0]!.text).toContain('1 USDC');
    expect(replies[0]!.text).toContain(twinPage);
    expect(replies[0]!.embeds).toEqual([twinPage]);
    // Tagged again in the same thread: nothing more.
    const second = await cast(people.alice, `@${twins.carol.twin.username} still there?`, first);
    expect((await skipped(`thread-reply:${twins.carol.agentId}:${second}`)).reason).toBe('dead');
    expect(await repliesTo(second)).toHaveLength(0);
    const deadReplies = await server.db
      .selectFrom('twin_writings')
      .selectAll()
      .where('agent_id', '=', twins.carol.agentId)
      .where('kind', '=', 'dead-reply')
      .where('thread_hash', '=', first)
      .execute();
    expect(deadReplies).toHaveLength(1);
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
    const unanswered = await send('still there?');
    expect(unanswered.status).toBe(201);
    const { message } = (await unanswered.json()) as { message: { id: number } };
    expect((await skipped(`dm-reply:${twins.alice.agentId}:${message.id}`)).reason).toBe('switched-off');
    expect(await conversation()).toHaveLength(3);
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
    // Run together, as the queue's workers do when a day's two slots are due at once: a slot that
    // finds the other composing is refused at once and written on its retry, after the other.
    const settled = await Promise.allSettled(jobs.map((job) => runTwinWriteJob(deps(), job)));
    const outcomes = await Promise.all(
      settled.map((result, index) => {
        if (result.status === 'fulfilled') return result.value;
        expect(result.reason).toBeInstanceOf(PostTurnTaken);
        return runTwinWriteJob(deps(), jobs[index]!);
      }),
    );
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

  it('Content Writer: the post turn is recorded before the model writes, and nothing is held while it does', async () => {
    await updateAgentActions(server.db, twins.alice.agentId, { contentWriter: true });
    const slotAt = (await knownClockSeconds(server.db)) - 600;
    const job = { kind: 'post' as const, agentId: twins.alice.agentId, slotAt };
    const sibling = { ...job, slotAt: slotAt - 60 };
    const seen: { turn: string | undefined; locks: number; sibling: unknown }[] = [];
    const writer: ChatEngine = {
      name: 'echo',
      async *reply() {
        const turn = await server.db
          .selectFrom('twin_post_turns')
          .select('key')
          .where('agent_id', '=', twins.alice.agentId)
          .executeTakeFirst();
        // Any session's lock on the turns: the turn is a committed row, not a held lock.
        const { rows } = await sql<{ held: number }>`
          select count(*)::int as held from pg_locks
          where pid <> pg_backend_pid() and relation = 'twin_post_turns'::regclass`.execute(server.db);
        // Another slot of the twin, meanwhile, is refused at once rather than waiting.
        const other = await runTwinWriteJob(deps(), sibling).then(
          () => 'written',
          (error: unknown) => error,
        );
        seen.push({ turn: turn?.key, locks: rows[0]!.held, sibling: other });
        yield 'A post written with nothing held while the model answers.';
      },
    };
    const before = (await castsBy(twins.alice.twin.fid)).length;
    const outcome = await runTwinWriteJob(deps({ chatEngine: writer }), job);
    expect(outcome.status).toBe('posted');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.turn).toBe(`post:${twins.alice.agentId}:${slotAt}`);
    expect(seen[0]!.locks).toBe(0);
    expect(seen[0]!.sibling).toBeInstanceOf(PostTurnTaken);
    // Exactly once: a retry of the written slot casts nothing more; the refused one is written next.
    expect((await runTwinWriteJob(deps({ chatEngine: writer }), job)).status).toBe('already-done');
    expect(await castsBy(twins.alice.twin.fid)).toHaveLength(before + 1);

    // A turn whose writer crashed before storing its text lapses after POST_TURN_SECONDS, not before.
    await server.db
      .updateTable('twin_post_turns')
      .set({
        key: `post:${twins.alice.agentId}:1`,
        taken_at: sql<Date>`now() - make_interval(secs => ${POST_TURN_SECONDS - 5})`,
      })
      .where('agent_id', '=', twins.alice.agentId)
      .execute();
    await expect(runTwinWriteJob(deps(), sibling)).rejects.toBeInstanceOf(PostTurnTaken);
    await server.db
      .updateTable('twin_post_turns')
      .set({ taken_at: sql<Date>`now() - make_interval(secs => ${POST_TURN_SECONDS + 5})` })
      .where('agent_id', '=', twins.alice.agentId)
      .execute();
    expect((await runTwinWriteJob(deps(), sibling)).status).toBe('posted');
    expect(await castsBy(twins.alice.twin.fid)).toHaveLength(before + 2);
    await updateAgentActions(server.db, twins.alice.agentId, { contentWriter: false });
  });

  it("Content Writer: a post refused its turn is run again through the queue until the turn lapses, however slow the sibling's model", async () => {
    const agentId = twins.alice.agentId;
    await updateAgentActions(server.db, agentId, { contentWriter: true });
    const job = { kind: 'post' as const, agentId, slotAt: (await knownClockSeconds(server.db)) - 7_200 };
    const key = twinWriteKey(job);
    // A sibling's writer took the turn and stores no text while this post's job runs: its model is
    // slow (up to its 60 s budget, then the cast), or it crashed.
    await server.db
      .insertInto('twin_post_turns')
      .values({ agent_id: agentId, key: `post:${agentId}:2` })
      .onConflict((conflict) =>
        conflict.column('agent_id').doUpdateSet({ key: `post:${agentId}:2`, taken_at: sql`now()` }),
      )
      .execute();
    const before = (await castsBy(twins.alice.twin.fid)).length;
    const runs = async () =>
      (
        await sql<{ id: string; retry_count: number; state: string; delay: number }>`
          select id, retry_count, state, extract(epoch from start_after - now())::float8 as delay
          from pgboss.job where name = ${TWIN_WRITE_QUEUE} and singleton_key = ${key}`.execute(server.db)
      ).rows;
    const waiting = (row: { state: string; delay: number }) =>
      ['created', 'retry'].includes(row.state) && row.delay > 0;
    await server.jobs.insert([{ name: TWIN_WRITE_QUEUE, data: job, singletonKey: key }]);

    const lapsed = async () =>
      (
        await sql<{ lapsed: boolean }>`select taken_at <= now() - make_interval(secs => ${POST_TURN_SECONDS}) as lapsed
          from twin_post_turns where agent_id = ${agentId}`.execute(server.db)
      ).rows[0]!.lapsed;

    // Each wait is let pass at once: the turn ages by as much, and the post's next run is due now.
    let last = '';
    do {
      const rows = await waitFor(
        runs,
        (found) =>
          found.some((row) => row.state === 'failed' || (waiting(row) && `${row.id}:${row.retry_count}` !== last)),
        'the post refused its turn and queued again',
      );
      // Never given up while the turn is held.
      expect(rows.filter((row) => row.state === 'failed')).toEqual([]);
      const next = rows.find((row) => waiting(row) && `${row.id}:${row.retry_count}` !== last)!;
      last = `${next.id}:${next.retry_count}`;
      await sql`update twin_post_turns set taken_at = taken_at - make_interval(secs => ${next.delay})
        where agent_id = ${agentId}`.execute(server.db);
      await sql`update pgboss.job set start_after = now() where id = ${next.id}`.execute(server.db);
    } while (!(await lapsed()));
    // The turn lapsed: the post is written, once.
    await jobFinished(key);
    const posts = (await castsBy(twins.alice.twin.fid)).slice(before);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.parent_hash).toBeNull();
    await updateAgentActions(server.db, agentId, { contentWriter: false });
  }, 90_000);

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
    const tagged = await cast(people.erin, `@${twins.bob.twin.username} are you there?`);
    const replies = await eventually(() => repliesTo(tagged), 1);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.text).toContain(`/agent/${encodeURIComponent(twins.bob.agentId)}`);
  });
});
