import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  deleteNotificationToken,
  type NotificationTarget,
  notificationTargets,
  saveNotificationToken,
} from '../src/notify/notification-tokens.ts';
import {
  InvalidNotificationError,
  NOTIFICATION_RETRY_QUEUE,
  type NotificationMessage,
  type NotificationSender,
  notificationRequestSchema,
  startNotificationSender,
} from '../src/notify/sender.ts';
import type { Db } from '../src/platform/db/database.ts';
import { startJobQueue } from '../src/platform/jobs/job-queue.ts';
import { type FakeFarcasterClient, startFakeFarcasterClient } from './fake-farcaster-client.ts';
import { createTestDatabase } from './harness.ts';

const APP_FID = 9152;

const message = (notificationId: string, overrides: Partial<NotificationMessage> = {}): NotificationMessage => ({
  notificationId,
  title: 'Your twin is dead',
  body: '@alice-twin ran out of battery.',
  targetUrl: 'http://localhost:3001',
  ...overrides,
});

const target = (fid: number, url: string, token: string): NotificationTarget => ({ fid, appFid: APP_FID, url, token });

describe('the notification sender', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let boss: PgBoss;
  let sender: NotificationSender;
  const clients: FakeFarcasterClient[] = [];
  const startClient = async (options?: Parameters<typeof startFakeFarcasterClient>[0]) => {
    const client = await startFakeFarcasterClient(options);
    clients.push(client);
    return client;
  };
  /**
   * Stores tokens of one client as webhook events would (the retry job only sends to tokens still
   * stored), each for the fid its name ends with: "limited-202" is fid 202's.
   */
  const stored = async (url: string, tokens: string[]) => {
    const targets = tokens.map((token) => target(Number(token.split('-').at(-1)), url, token));
    for (const each of targets) await saveNotificationToken(db, each);
    return targets;
  };
  /** This message's retry jobs, oldest first. */
  const retryJobs = async (notificationId: string) => {
    const { rows } = await sql<{ state: string; data: { tokens: string[]; attempt: number } }>`
      select state, data from pgboss.job
      where name = ${NOTIFICATION_RETRY_QUEUE} and data->'message'->>'notificationId' = ${notificationId}
      order by created_on`.execute(db);
    return rows;
  };
  const allRetriesDone = async (notificationId: string) =>
    vi.waitFor(
      async () => {
        const jobs = await retryJobs(notificationId);
        expect(jobs.length).toBeGreaterThan(0);
        expect(jobs.every((job) => job.state === 'completed')).toBe(true);
      },
      { timeout: 30_000, interval: 200 },
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    const logger = pino({ level: 'silent' });
    boss = await startJobQueue(database.url, logger);
    // 1 s instead of 30 s (a failed request's first retry, a rate-limited token's pace), so the
    // retries run within the test.
    sender = await startNotificationSender(boss, {
      db,
      logger,
      production: false,
      retryDelaySeconds: 1,
      rateLimitPaceSeconds: 1,
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await boss?.stop({ graceful: false, wait: true });
    await database?.drop();
  });

  it('sends each client one request with its own tokens, as the schema describes it', async () => {
    const [first, second] = [await startClient(), await startClient()];
    const outcome = await sender.send(message('group:1'), [
      target(1, first.url, 'first-1'),
      target(2, second.url, 'second-2'),
      target(3, first.url, 'first-3'),
    ]);
    expect(outcome).toEqual({ delivered: ['first-1', 'first-3', 'second-2'], invalid: [], retrying: [], failed: [] });
    expect(first.notifications).toEqual([{ ...message('group:1'), tokens: ['first-1', 'first-3'] }]);
    expect(second.notifications).toEqual([{ ...message('group:1'), tokens: ['second-2'] }]);
  });

  it('splits 250 tokens of one client into requests of at most 100, each token once', async () => {
    const client = await startClient();
    const tokens = Array.from({ length: 250 }, (_, index) => `many-${index}`);
    const outcome = await sender.send(
      message('split:1'),
      tokens.map((token, index) => target(index + 1, client.url, token)),
    );
    expect(client.notifications.map((request) => request.tokens.length)).toEqual([100, 100, 50]);
    expect(client.notifications.flatMap((request) => request.tokens)).toEqual(tokens);
    expect(outcome.delivered).toHaveLength(250);
  });

  it('deletes the tokens a client reports invalid and keeps the others', async () => {
    const client = await startClient();
    const targets = await stored(client.url, ['invalid-101', 'valid-102', 'invalid-103']);
    const outcome = await sender.send(message('invalid:1'), targets);
    expect(outcome).toEqual({
      delivered: ['valid-102'],
      invalid: ['invalid-101', 'invalid-103'],
      retrying: [],
      failed: [],
    });
    expect(await notificationTargets(db, [101, 102, 103])).toEqual([target(102, client.url, 'valid-102')]);
  });

  it('reads failedTokens: an invalid_token goes, an unknown failure is retried, a domain mismatch is kept and not retried', async () => {
    const client = await startClient();
    const targets = await stored(client.url, ['invalid-151', 'unexplained-152', 'elsewhere-153', 'valid-154']);
    const outcome = await sender.send(message('failed:1'), targets);
    expect(outcome).toEqual({
      delivered: ['valid-154'],
      invalid: ['invalid-151'],
      retrying: ['unexplained-152'],
      failed: [{ token: 'elsewhere-153', reason: 'domain_mismatch' }],
    });

    await allRetriesDone('failed:1');
    expect(client.notifications.map((request) => request.tokens)).toEqual([
      ['invalid-151', 'unexplained-152', 'elsewhere-153', 'valid-154'],
      ['unexplained-152'],
    ]);
    // The invalid token is deleted; the mismatched one stays (a right targetUrl would reach it).
    expect(await notificationTargets(db, [151, 152, 153, 154])).toEqual([
      target(152, client.url, 'unexplained-152'),
      target(153, client.url, 'elsewhere-153'),
      target(154, client.url, 'valid-154'),
    ]);
  });

  it('deletes a token reported only in failedTokens as invalid_token', async () => {
    // A client that lists it in failedTokens alone (invalidTokens is the older list).
    const client = await startClient({ fate: () => 'invalid', invalidIn: 'failedTokens' });
    const targets = await stored(client.url, ['quiet-161']);
    const outcome = await sender.send(message('failed:2'), targets);
    expect(outcome).toEqual({ delivered: [], invalid: ['quiet-161'], retrying: [], failed: [] });
    expect(await notificationTargets(db, [161])).toEqual([]);
  });

  it('retries only the rate-limited tokens, later, through the job, under the same notificationId', async () => {
    const client = await startClient();
    const targets = await stored(client.url, ['delivered-201', 'limited-202', 'limited-203']);
    const outcome = await sender.send(message('limited:1'), targets);
    expect(outcome).toEqual({
      delivered: ['delivered-201'],
      invalid: [],
      retrying: ['limited-202', 'limited-203'],
      failed: [],
    });
    // Not resent at once: handed to a job that starts later.
    expect(client.notifications).toHaveLength(1);

    await allRetriesDone('limited:1');
    expect(client.notifications).toEqual([
      { ...message('limited:1'), tokens: ['delivered-201', 'limited-202', 'limited-203'] },
      { ...message('limited:1'), tokens: ['limited-202', 'limited-203'] },
    ]);
    // One retry, delivered: no further attempt is scheduled.
    expect((await retryJobs('limited:1')).map((job) => job.data)).toEqual([
      expect.objectContaining({ tokens: ['limited-202', 'limited-203'], attempt: 2 }),
    ]);
  });

  it("keeps a token that stays rate-limited at the client's pace, past the failed-request budget, until it lands", async () => {
    // Other notices take this owner's slot six times running (a busy moment: revivals, drafts).
    const tries = new Map<string, number>();
    const client = await startClient({
      fate: (token) => {
        tries.set(token, (tries.get(token) ?? 0) + 1);
        return tries.get(token)! <= 6 ? 'rate-limited' : 'success';
      },
    });
    const targets = await stored(client.url, ['busy-251']);
    const outcome = await sender.send(message('busy:1'), targets);
    expect(outcome.retrying).toEqual(['busy-251']);
    await vi.waitFor(() => expect(client.notifications).toHaveLength(7), { timeout: 40_000, interval: 200 });
    await allRetriesDone('busy:1');
    // Six retries (attempts 2 to 7; a failing client gets 6 attempts in all), each one pace after the
    // last, never doubling.
    const { rows } = await sql<{ attempt: number; waited: number }>`
      select (data->>'attempt')::int as attempt, extract(epoch from start_after - created_on)::float as waited
      from pgboss.job
      where name = ${NOTIFICATION_RETRY_QUEUE} and data->'message'->>'notificationId' = 'busy:1'
      order by created_on`.execute(db);
    expect(rows.map((row) => row.attempt)).toEqual([2, 3, 4, 5, 6, 7]);
    for (const row of rows) expect(row.waited).toBeLessThan(3);
    expect(client.notifications).toHaveLength(7);
  }, 60_000);

  it('queues notices that meet on one token behind each other, one per slot, in the order they came', async () => {
    // A client as Farcaster's are: one notification per token per window (here half the test's pace).
    const lastShown = new Map<string, number>();
    const client = await startClient({
      fate: (token) => {
        const now = Date.now();
        if (now - (lastShown.get(token) ?? 0) < 500) return 'rate-limited';
        lastShown.set(token, now);
        return 'success';
      },
    });
    const targets = await stored(client.url, ['queued-261']);
    const ids = ['queued:1', 'queued:2', 'queued:3', 'queued:4'];
    const outcomes = [];
    for (const id of ids) outcomes.push(await sender.send(message(id), targets));
    expect(outcomes.map((outcome) => outcome.delivered.length)).toEqual([1, 0, 0, 0]);

    await vi.waitFor(
      async () => {
        const { rows } = await sql<{ done: number }>`
          select count(*)::int as done from pgboss.job
          where name = ${NOTIFICATION_RETRY_QUEUE} and state = 'completed'
            and data->'message'->>'notificationId' like 'queued:%'`.execute(db);
        expect(rows[0]!.done).toBe(3);
      },
      { timeout: 30_000, interval: 200 },
    );
    // Each waiting notice went out at its own slot, at its first retry, in the order it came.
    const shown = client.notifications.map((request) => request.notificationId);
    expect(shown.slice(4)).toEqual(['queued:2', 'queued:3', 'queued:4']);
    const { rows } = await sql<{ attempt: number; startAfter: number }>`
      select (data->>'attempt')::int as attempt, extract(epoch from start_after)::float as "startAfter"
      from pgboss.job
      where name = ${NOTIFICATION_RETRY_QUEUE} and data->'message'->>'notificationId' like 'queued:%'
      order by created_on`.execute(db);
    expect(rows.map((row) => row.attempt)).toEqual([2, 2, 2]);
    // Each took its own slot, one pace (1 s here) after the one before it, not all the same moment.
    for (let index = 1; index < rows.length; index++) {
      expect(rows[index]!.startAfter - rows[index - 1]!.startAfter).toBeGreaterThanOrEqual(0.99);
    }
  });

  it('does not queue a rate-limited notice for a user who turned notifications off', async () => {
    const client = await startClient({ fate: () => 'rate-limited' });
    const outcome = await sender.send(message('gone:1'), [target(271, client.url, 'gone-271')]);
    expect(outcome).toEqual({ delivered: [], invalid: [], retrying: [], failed: [] });
    expect(await retryJobs('gone:1')).toEqual([]);
  });

  it.each([
    ['a 33-character title', message('refused:title', { title: 'x'.repeat(33) })],
    ['a 129-character body', message('refused:body', { body: 'x'.repeat(129) })],
    ['a 129-character notificationId', message('x'.repeat(129))],
    ['a targetUrl that is no URL', message('refused:url', { targetUrl: 'the mini-app' })],
  ])('sends nothing at all for %s', async (_name, refused) => {
    const client = await startClient();
    await expect(sender.send(refused, [target(301, client.url, 'refused-301')])).rejects.toThrow(
      InvalidNotificationError,
    );
    expect(client.notifications).toEqual([]);
  });

  it('holds targetUrl to https in production only (the local mini-app is on http://localhost)', () => {
    const request = { ...message('https:1'), tokens: ['token'] };
    expect(notificationRequestSchema(false).safeParse(request).success).toBe(true);
    const production = notificationRequestSchema(true).safeParse(request);
    expect(production.error?.issues.map((issue) => issue.message)).toContain('Must be an https url');
    expect(
      notificationRequestSchema(true).safeParse({ ...request, targetUrl: 'https://fartwin.example.com' }).success,
    ).toBe(true);
    expect(
      notificationRequestSchema(true).safeParse({ ...request, tokens: Array.from({ length: 101 }, String) }).success,
    ).toBe(false);
  });

  it('retries a client that answers 5xx', async () => {
    const client = await startClient({ failFirst: 1 });
    const targets = await stored(client.url, ['flaky-401']);
    const outcome = await sender.send(message('flaky:1'), targets);
    expect(outcome).toEqual({ delivered: [], invalid: [], retrying: ['flaky-401'], failed: [] });

    await allRetriesDone('flaky:1');
    expect(client.notifications.map((request) => request.tokens)).toEqual([['flaky-401'], ['flaky-401']]);
  });

  it('survives a client that is down, and reaches it when it is back, minus users who turned notifications off', async () => {
    const client = await startClient();
    await client.close();
    const targets = await stored(client.url, ['down-501', 'down-502']);

    const outcome = await sender.send(message('down:1'), targets);
    expect(outcome).toEqual({ delivered: [], invalid: [], retrying: ['down-501', 'down-502'], failed: [] });
    await deleteNotificationToken(db, 502, APP_FID);

    const back = await startClient({ port: client.port });
    await vi.waitFor(() => expect(back.notifications).toHaveLength(1), { timeout: 30_000, interval: 200 });
    await allRetriesDone('down:1');
    expect(back.notifications).toEqual([{ ...message('down:1'), tokens: ['down-501'] }]);
  });
});

/** The outgoing rules as production holds them, through the sender. */
describe('the notification sender in production mode', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let boss: PgBoss;
  let sender: NotificationSender;
  let client: FakeFarcasterClient;
  const production = (id: string) => message(id, { targetUrl: 'https://fartwin.example.com' });
  /** Why each request was not made, as the sender logs it. */
  const reasons: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const logger = pino(
      { level: 'warn' },
      { write: (line: string) => void reasons.push(JSON.parse(line).reason ?? JSON.parse(line).msg) },
    );
    boss = await startJobQueue(database.url, logger);
    sender = await startNotificationSender(boss, { db: database.db, logger, production: true, retryDelaySeconds: 1 });
    client = await startFakeFarcasterClient();
  });
  afterAll(async () => {
    await client?.close();
    await boss?.stop({ graceful: false, wait: true });
    await database?.drop();
  });

  it('sends nothing to an http URL or a private address, and does not retry what the rules refuse', async () => {
    // The client listens on loopback over http: refused for its scheme, then for its address.
    const https = client.url.replace('http://', 'https://');
    for (const [url, token] of [
      [client.url, 'http-601'],
      [https, 'loopback-602'],
      [https.replace('127.0.0.1', '[::ffff:127.0.0.1]'), 'mapped-603'],
      [https.replace('127.0.0.1', 'localhost'), 'localhost-604'],
    ] as const) {
      const outcome = await sender.send(production(`refused:${token}`), [target(1, url, token)]);
      expect(outcome).toEqual({ delivered: [], invalid: [], retrying: [], failed: [] });
    }
    expect(reasons).toEqual([
      'refused: not an https URL',
      'refused: a private, loopback or reserved address',
      'refused: a private, loopback or reserved address',
      'refused: a loopback host',
    ]);
    const { rows } = await sql<{ jobs: number }>`
      select count(*)::int as jobs from pgboss.job where name = ${NOTIFICATION_RETRY_QUEUE}`.execute(database.db);
    expect(rows[0]!.jobs).toBe(0);
    expect(client.notifications).toEqual([]);
  });
});
