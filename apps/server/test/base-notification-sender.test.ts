import { type BaseNotificationsStandIn, startBaseNotificationsStandIn } from '@fartwin/localstack/base-notifications';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { pino } from 'pino';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BASE_LIMITS,
  BASE_NOTIFICATION_QUEUE,
  type BaseNotifier,
  baseNotificationFields,
  cutAtWord,
  deleteOldBaseSends,
  startBaseNotificationSender,
} from '../src/notify/base-sender.ts';
import type { NotificationMessage } from '../src/notify/sender.ts';
import type { Db } from '../src/platform/db/database.ts';
import { startJobQueue } from '../src/platform/jobs/job-queue.ts';
import { createTestDatabase } from './harness.ts';

const APP_URL = 'https://fartwin.example.com';
const API_KEY = 'base-dashboard-key';
/** Base's 20 requests a minute, shrunk so a test sees the limit bind within seconds. */
const RATE_LIMIT = { requests: 5, windowMs: 2_000 };

/** Distinct wallet addresses, checksummed, as sign-in stores them. */
const wallets = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) =>
    privateKeyToAddress(`0x${(from + index).toString(16).padStart(64, '0')}` as `0x${string}`),
  );

const message = (notificationId: string, overrides: Partial<NotificationMessage> = {}): NotificationMessage => ({
  notificationId,
  title: 'Your twin is dead',
  body: '@alice-twin ran out of battery.',
  targetUrl: `${APP_URL}/`,
  ...overrides,
});

/** A notice's rows once every address is settled (sent or refused), none still waiting. */
const settledSends = (db: Db, notificationId: string, count: number) =>
  vi.waitFor(
    async () => {
      const rows = await db
        .selectFrom('base_notification_sends')
        .selectAll()
        .where('notification_id', '=', notificationId)
        .execute();
      expect(rows).toHaveLength(count);
      expect(rows.every((row) => row.sent_at !== null || row.failure_reason !== null)).toBe(true);
      return rows;
    },
    { timeout: 60_000, interval: 200 },
  );

describe("Base's notification words", () => {
  it('cuts a title and a message to the limits at a word', () => {
    const title = cutAtWord("Your twin's battery is very nearly empty", BASE_LIMITS.titleChars);
    expect(title).toBe("Your twin's battery is very…");
    expect([...title].length).toBeLessThanOrEqual(30);
    const long = `${'word '.repeat(60)}end`;
    const body = cutAtWord(long, BASE_LIMITS.messageChars);
    expect([...body].length).toBeLessThanOrEqual(200);
    expect(body).toMatch(/word…$/);
    expect(cutAtWord('x'.repeat(40), 30)).toBe(`${'x'.repeat(29)}…`);
    expect(cutAtWord('Short enough', 30)).toBe('Short enough');
  });

  it("opens the notice's path in the app, naming the notice, within 500 characters", () => {
    expect(baseNotificationFields(message('dead:a:1', { targetUrl: `${APP_URL}/twins/alice` }))).toEqual({
      title: 'Your twin is dead',
      message: '@alice-twin ran out of battery.',
      target_path: '/twins/alice?notice=dead%3Aa%3A1',
    });
    const far = baseNotificationFields(message('dead:a:1', { targetUrl: `${APP_URL}/${'p'.repeat(600)}` }));
    expect(far.target_path).toBe('/');
  });
});

describe("the Base notification sender, against a stand-in of Base's API", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let boss: PgBoss;
  let base: BaseNotificationsStandIn;
  let sender: BaseNotifier;

  const settled = (notificationId: string, count: number) => settledSends(db, notificationId, count);
  /** Every send job has run to its end (none waiting, none running). */
  const queueIdle = async () =>
    vi.waitFor(
      async () => {
        const { rows } = await sql<{ waiting: number }>`
          select count(*)::int as waiting from pgboss.job
          where name = ${BASE_NOTIFICATION_QUEUE} and state in ('created', 'retry', 'active')`.execute(db);
        expect(rows[0]?.waiting).toBe(0);
      },
      { timeout: 60_000, interval: 200 },
    );
  const sendRequests = () => base.state.log.filter((entry) => entry.path.endsWith('/send'));

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    const logger = pino({ level: 'silent' });
    boss = await startJobQueue(database.url, logger);
    base = await startBaseNotificationsStandIn({ apiKey: API_KEY, appUrl: APP_URL, ...RATE_LIMIT });
    sender = await startBaseNotificationSender(boss, {
      db,
      logger,
      api: { apiUrl: base.apiUrl, apiKey: API_KEY, appUrl: APP_URL },
      rateLimit: RATE_LIMIT,
      retryDelaySeconds: 1,
      // Every job reads the user list again, so a user a test adds is seen at once.
      usersCacheSeconds: 0,
    });
  });
  afterEach(() => {
    base.state.log.length = 0;
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false, wait: true });
    await base?.close();
    await database?.drop();
  });

  it('sends 2,100 wallets in requests of at most 1,000, each once, and never meets the rate limit', async () => {
    const users = wallets(2_100);
    for (const address of users) base.addUser(address);
    await sender.send(message('many:1'), users);
    const rows = await settled('many:1', users.length);
    expect(rows.every((row) => row.sent_at !== null)).toBe(true);
    expect(sendRequests().map((entry) => entry.addresses)).toEqual([1_000, 1_000, 100]);
    for (const address of [users[0]!, users[1_500]!, users[2_099]!]) {
      expect(base.inbox(address)).toEqual([
        expect.objectContaining({ title: 'Your twin is dead', targetPath: '/?notice=many%3A1' }),
      ]);
    }
    // Each job's read of the user list (five pages) and its send, paced: Base never had to refuse one.
    expect(base.state.log.length).toBeGreaterThan(RATE_LIMIT.requests);
    expect(base.state.log.filter((entry) => entry.status !== 200)).toEqual([]);
    for (const entry of base.state.log) {
      const inWindow = base.state.log.filter(
        (other) => other.at > entry.at - RATE_LIMIT.windowMs && other.at <= entry.at,
      );
      expect(inWindow.length).toBeLessThanOrEqual(RATE_LIMIT.requests);
    }
  }, 90_000);

  it('sends a notice to a wallet once, however often it is asked, and Base pushes an identical one once', async () => {
    const [owner] = wallets(1, 5_000);
    base.addUser(owner!);
    await sender.send(message('once:1'), [owner!]);
    await sender.send(message('once:1'), [owner!, owner!]);
    await settled('once:1', 1);
    await queueIdle();
    // The second delivery found the address claimed by the first: one request carried it.
    expect(sendRequests()).toHaveLength(1);
    expect(base.inbox(owner!)).toHaveLength(1);
    // Our record lost (a crash before it was written): sent again, Base answers it sent and pushes nothing.
    await db.deleteFrom('base_notification_sends').where('notification_id', '=', 'once:1').execute();
    await sender.send(message('once:1'), [owner!]);
    const [row] = await settled('once:1', 1);
    expect(row?.sent_at).not.toBeNull();
    expect(sendRequests()).toHaveLength(2);
    expect(base.inbox(owner!)).toHaveLength(1);
    // Another notice with the same words is another push: its path names it.
    await sender.send(message('once:2'), [owner!]);
    await settled('once:2', 1);
    expect(base.inbox(owner!)).toHaveLength(2);
  }, 60_000);

  it("sends nothing to wallets not on the app's list of users with notifications on", async () => {
    const [enabled, disabled, stranger] = wallets(3, 6_000);
    base.addUser(enabled!);
    base.addUser(disabled!, false);
    await sender.send(message('list:1'), [enabled!, disabled!, stranger!]);
    const rows = await settled('list:1', 3);
    const byAddress = Object.fromEntries(rows.map((row) => [row.address, row]));
    expect(byAddress[enabled!]?.sent_at).not.toBeNull();
    expect(byAddress[disabled!]?.failure_reason).toBe('not among the app users with notifications on');
    expect(byAddress[stranger!]?.failure_reason).toBe('not among the app users with notifications on');
    expect(sendRequests().map((entry) => entry.addresses)).toEqual([1]);
    expect(base.inbox(disabled!)).toEqual([]);
  }, 60_000);

  it('forgets (notice, wallet) rows after 30 days, in bounded batches, and keeps newer ones', async () => {
    const delivery = '00000000-0000-4000-8000-000000000000';
    const rows = ['old:1', 'old:2', 'old:3', 'new:1'].map((notificationId) => ({
      notification_id: notificationId,
      address: wallets(1, 8_000)[0]!,
      delivery_id: delivery,
    }));
    await db.insertInto('base_notification_sends').values(rows).execute();
    await sql`update base_notification_sends set created_at = now() - interval '31 days'
      where notification_id like 'old:%'`.execute(db);
    expect(await deleteOldBaseSends(db, 2)).toBe(3);
    const left = await db
      .selectFrom('base_notification_sends')
      .select('notification_id')
      .where('delivery_id', '=', delivery)
      .execute();
    expect(left).toEqual([{ notification_id: 'new:1' }]);
  });

  it('tries again after Base is briefly unavailable, and after its limit was spent by others', async () => {
    const [owner] = wallets(1, 7_000);
    base.addUser(owner!);
    base.state.unavailableSends = 2;
    await sender.send(message('retry:1'), [owner!]);
    const [row] = await settled('retry:1', 1);
    expect(row?.sent_at).not.toBeNull();
    expect(sendRequests().map((entry) => entry.status)).toEqual([503, 503, 200]);
    expect(base.inbox(owner!)).toHaveLength(1);

    base.state.log.length = 0;
    // Another app on the same address spent the minute: Base answers 429, the notice waits its turn.
    base.state.spentByOthers = 2;
    await sender.send(message('retry:2'), [owner!]);
    const [limited] = await settled('retry:2', 1);
    expect(limited?.sent_at).not.toBeNull();
    // Two refusals (the user list's read), then the list's pages and the send went through.
    const statuses = base.state.log.map((entry) => entry.status);
    expect(statuses.slice(0, 2)).toEqual([429, 429]);
    expect(statuses.slice(2).every((status) => status === 200)).toBe(true);
    expect(sendRequests().map((entry) => entry.status)).toEqual([200]);
    expect(base.inbox(owner!)).toHaveLength(2);
  }, 60_000);
});

describe("Base's user list, read again for an address it did not hold", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let boss: PgBoss;
  let base: BaseNotificationsStandIn;
  /** The least time between two reads of the list that an address missing from it asks for. */
  const REREAD_SECONDS = 2;

  beforeAll(async () => {
    database = await createTestDatabase();
    const logger = pino({ level: 'silent' });
    boss = await startJobQueue(database.url, logger);
    base = await startBaseNotificationsStandIn({ apiKey: API_KEY, appUrl: APP_URL });
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false, wait: true });
    await base?.close();
    await database?.drop();
  });

  it('sends to a user who turned notifications on after the list was read, and reads it again at most so often', async () => {
    const sender = await startBaseNotificationSender(boss, {
      db: database.db,
      logger: pino({ level: 'silent' }),
      api: { apiUrl: base.apiUrl, apiKey: API_KEY, appUrl: APP_URL },
      retryDelaySeconds: 1,
      // The list is kept an hour: only an address missing from it makes the sender read it again.
      usersCacheSeconds: 3_600,
      missingUserRereadSeconds: REREAD_SECONDS,
    });
    const rowsOf = (notificationId: string, count: number) => settledSends(database.db, notificationId, count);
    const listReads = () => base.state.log.filter((entry) => entry.path.endsWith('/users')).map((entry) => entry.at);
    const [early, late, ...strangers] = wallets(4, 9_000);

    base.addUser(early!);
    await sender.send(message('reread:1'), [early!]);
    expect((await rowsOf('reread:1', 1))[0]?.sent_at).not.toBeNull();
    expect(listReads()).toHaveLength(1);

    // The second user saves the app with notifications on once the list is read and the pause is over.
    const firstRead = listReads()[0]!;
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThanOrEqual(firstRead + REREAD_SECONDS * 1_000), {
      timeout: 10_000,
      interval: 100,
    });
    base.addUser(late!);
    await sender.send(message('reread:2'), [late!]);
    expect((await rowsOf('reread:2', 1))[0]?.sent_at).not.toBeNull();
    expect(base.inbox(late!)).toHaveLength(1);

    // Addresses Base does not know are refused, and never make the list read back to back.
    for (const [index, stranger] of strangers.entries()) await sender.send(message(`stranger:${index}`), [stranger!]);
    for (const index of strangers.keys()) {
      expect((await rowsOf(`stranger:${index}`, 1))[0]?.failure_reason).toBe(
        'not among the app users with notifications on',
      );
    }
    const reads = listReads();
    expect(reads.length).toBeGreaterThanOrEqual(2);
    for (const [index, at] of reads.entries()) {
      if (index > 0) expect(at - reads[index - 1]!).toBeGreaterThanOrEqual(REREAD_SECONDS * 1_000);
    }
  }, 60_000);
});
