import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type SqlBool, sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { deleteInBatches } from '../platform/db/batched-delete.ts';
import type { Db } from '../platform/db/database.ts';
import { startTicker } from '../platform/jobs/ticker.ts';
import { skippingUnusableInput } from '../platform/logging/rejected-inputs.ts';
import {
  backoffSeconds,
  chunks,
  DEFAULT_RETRY_DELAY_SECONDS,
  InvalidNotificationError,
  mayRetry,
  type NotificationMessage,
  type RetryReason,
} from './sender.ts';

/**
 * The second notification channel: Base's Notifications API, which reaches Base App users by wallet
 * address (the Base Dashboard's REST API, `x-api-key` auth). Its documented rules: a title of at
 * most 30 characters, a message of at most 200, a target path starting with "/" of at most 500, at
 * most 1,000 addresses a request, 20 requests a minute to both endpoints together (429 past it),
 * and an identical notification (app URL, address, title, message, target path) within 24 hours is
 * answered as sent without a second push.
 */
export const BASE_NOTIFICATION_QUEUE = 'base-notification';

export const BASE_LIMITS = {
  titleChars: 30,
  messageChars: 200,
  targetPathChars: 500,
  addressesPerRequest: 1_000,
  usersPerPage: 500,
  requests: 20,
  windowMs: 60_000,
} as const;

/** Where Base's API is and who we are to it. */
export interface BaseNotificationsConfig {
  /** Ends in /api/v1/notifications. */
  apiUrl: string;
  apiKey: string;
  /** The app's URL as registered on the Base Dashboard. */
  appUrl: string;
}

/** A notice as Base's API takes it. */
export interface BaseNotificationFields {
  title: string;
  message: string;
  target_path: string;
}

export interface BaseNotifier {
  /**
   * Hands one message for these wallets to the send job, at most 1,000 addresses a job. Each
   * (notificationId, address) is sent once, whoever asks again. Throws InvalidNotificationError,
   * before queuing anything, for a message Base would refuse however it is cut.
   */
  send(message: NotificationMessage, addresses: readonly string[]): Promise<void>;
}

/** Every call to Base's API: answered within this, or tried again later. */
const CALL_BUDGET_MS = 10_000;
/** The user list is read again after this long (it costs requests out of the same 20 a minute). */
const DEFAULT_USERS_CACHE_SECONDS = 300;
/** How old a list may be when an address to notify is missing from it (at most one read per this time). */
const MISSING_USER_REREAD_SECONDS = 10;
/**
 * Pages of the user list read at most (500 users each): past it, addresses not on the pages read
 * are sent to anyway, and Base's own answer says whether they took it.
 */
const MAX_USER_PAGES = 10;
/** What an address not on the app's list of users with notifications on is recorded as. */
const NOT_A_USER = 'not among the app users with notifications on';

/**
 * Cuts `text` to `max` characters (code points) at the end of a word, with an ellipsis; a single
 * word longer than that is cut where it must be.
 */
export function cutAtWord(text: string, max: number): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join('');
  const head = chars.slice(0, max - 1).join('');
  const lastSpace = head.lastIndexOf(' ');
  const cut = lastSpace > 0 ? head.slice(0, lastSpace) : head;
  return `${cut.trimEnd().replace(/[\s.,;:!?-]+$/, '')}…`;
}

/**
 * What Base is sent for a notice: title and message cut to Base's limits at a word, and the target
 * path (the targetUrl's path and query, which Base opens inside the app) naming the notice. Base
 * takes two identical notifications within 24 hours as one: naming the notice keeps two different
 * notices with the same words (a twin that dies twice in a day) apart, while a retry of the same
 * notice stays identical and is never pushed twice.
 */
export function baseNotificationFields(message: NotificationMessage): BaseNotificationFields {
  const target = new URL(message.targetUrl);
  target.searchParams.set('notice', message.notificationId);
  const named = `${target.pathname}${target.search}`;
  const plain = `${target.pathname}${new URL(message.targetUrl).search}`;
  const target_path = [named, plain, '/'].find((path) => [...path].length <= BASE_LIMITS.targetPathChars) ?? '/';
  return {
    title: cutAtWord(message.title, BASE_LIMITS.titleChars),
    message: cutAtWord(message.body, BASE_LIMITS.messageChars),
    target_path,
  };
}

const sendAnswerSchema = z.object({
  success: z.boolean(),
  results: z
    .array(z.object({ walletAddress: z.string(), sent: z.boolean(), failureReason: z.string().max(500).optional() }))
    .max(BASE_LIMITS.addressesPerRequest),
});

const usersAnswerSchema = z.object({
  success: z.boolean(),
  users: z.array(z.object({ address: z.string(), notificationsEnabled: z.boolean() })).max(BASE_LIMITS.usersPerPage),
  nextCursor: z.string().max(1_000).optional(),
});

/** One call's fate: Base's JSON, or why there was none and whether a retry can mend it. */
type CallResult = { ok: true; json: unknown } | { ok: false; reason: string; retry: RetryReason | null };

export interface BaseSenderDeps {
  db: Db;
  logger: Logger;
  api: BaseNotificationsConfig;
  /** A failed request's first retry delay; each later one doubles it (tests shorten it). */
  retryDelaySeconds?: number;
  /** Base's rate limit as the sender paces itself to it (tests shrink the window). */
  rateLimit?: { requests: number; windowMs: number };
  /** How long the app's user list is trusted. */
  usersCacheSeconds?: number;
  /** How old the list may be when an address to notify is missing from it (default 10 s). */
  missingUserRereadSeconds?: number;
}

/**
 * Takes the next free slot for a request to Base's API, across every replica (one row in
 * Postgres), and waits for it with no connection and no lock held. The slots are a window divided
 * by one less than the requests it allows: any `requests` + 1 consecutive requests span more than
 * the window, with a slot to spare for the network's jitter.
 */
async function takeSlot(db: Db, paceMs: number): Promise<void> {
  const { rows } = await sql<{ wait_ms: number }>`
    with taken as (
      update base_notification_pace
      set paced_until = greatest(paced_until, now()) + make_interval(secs => ${paceMs / 1000})
      where id = 1
      returning paced_until)
    select greatest(0, extract(epoch from (paced_until - now())) * 1000 - ${paceMs})::float8 as wait_ms from taken`.execute(
    db,
  );
  const waitMs = rows[0]?.wait_ms ?? 0;
  if (waitMs > 0) await sleep(waitMs);
}

/**
 * Days a (notice, wallet) row is kept. A notice is only ever sent again while it is news (a death
 * for a week, a revival once), so a month outlives every resend; the rows then go, in bounded batches.
 */
export const BASE_SENDS_KEPT_DAYS = 30;
const CLEANUP_QUEUE = 'base-notification-cleanup';
const CLEANUP_INTERVAL_SECONDS = 3_600;
const CLEANUP_BATCH = 10_000;

/** Deletes the rows older than the kept window; answers how many. */
export function deleteOldBaseSends(db: Db, batchSize = CLEANUP_BATCH): Promise<number> {
  return deleteInBatches(batchSize, (limit) =>
    db
      .deleteFrom('base_notification_sends')
      .where(
        sql<SqlBool>`(notification_id, address) in ${db
          .selectFrom('base_notification_sends')
          .select(['notification_id', 'address'])
          .where('created_at', '<', sql<Date>`now() - make_interval(days => ${BASE_SENDS_KEPT_DAYS})`)
          .limit(limit)}`,
      )
      .executeTakeFirstOrThrow(),
  );
}

/** Creates the send queue, starts this replica's worker, and answers the notifier. */
export async function startBaseNotificationSender(boss: PgBoss, deps: BaseSenderDeps): Promise<BaseNotifier> {
  const { db, logger, api } = deps;
  const rateLimit = deps.rateLimit ?? { requests: BASE_LIMITS.requests, windowMs: BASE_LIMITS.windowMs };
  const paceMs = rateLimit.windowMs / Math.max(1, rateLimit.requests - 1);
  const firstRetryDelay = deps.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS;
  const usersCacheMs = (deps.usersCacheSeconds ?? DEFAULT_USERS_CACHE_SECONDS) * 1000;
  const missingUserRereadMs = (deps.missingUserRereadSeconds ?? MISSING_USER_REREAD_SECONDS) * 1000;
  const jobSchema = z.object({
    delivery: z.uuid(),
    notificationId: z.string().min(1).max(200),
    fields: z.object({
      title: z.string().min(1).max(BASE_LIMITS.titleChars),
      message: z.string().min(1).max(BASE_LIMITS.messageChars),
      target_path: z.string().startsWith('/').max(BASE_LIMITS.targetPathChars),
    }),
    addresses: z.array(z.string()).min(1).max(BASE_LIMITS.addressesPerRequest),
    attempt: z.number().int().min(1),
  });
  type SendJob = z.infer<typeof jobSchema>;

  /** One call to Base's API, paced and within its budget; nothing of the answer's content in the reason. */
  const call = async (path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<CallResult> => {
    await takeSlot(db, paceMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${api.apiUrl}${path}`, {
        method: init.method,
        headers: {
          'x-api-key': api.apiKey,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(CALL_BUDGET_MS),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      return { ok: false, reason: timedOut ? `no answer within ${CALL_BUDGET_MS} ms` : 'unreachable', retry: 'failed' };
    }
    if (response.status === 429) return { ok: false, reason: 'HTTP 429', retry: 'rate-limited' };
    // 5xx: Base says to retry (503: the service is briefly unavailable). Any other status says the
    // request or our key is wrong, and would be again.
    if (!response.ok)
      return { ok: false, reason: `HTTP ${response.status}`, retry: response.status >= 500 ? 'failed' : null };
    try {
      return { ok: true, json: JSON.parse(text) };
    } catch {
      return { ok: false, reason: `HTTP ${response.status}: not JSON`, retry: 'failed' };
    }
  };

  /**
   * The app's users with notifications on, by lowercase address; `complete` is false when the list
   * had more pages than are read. Read again once older than the cache's life; one read at a time.
   */
  let users: { at: number; enabled: Set<string>; complete: boolean } | undefined;
  let reading: Promise<CallResult | undefined> | undefined;
  const readUsers = async (): Promise<CallResult | undefined> => {
    const enabled = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_USER_PAGES; page++) {
      const query = new URLSearchParams({
        app_url: api.appUrl,
        notification_enabled: 'true',
        limit: String(BASE_LIMITS.usersPerPage),
      });
      if (cursor) query.set('cursor', cursor);
      const result = await call(`/app/users?${query}`, { method: 'GET' });
      if (!result.ok) return result;
      const parsed = usersAnswerSchema.safeParse(result.json);
      if (!parsed.success) return { ok: false, reason: 'not a user list', retry: 'failed' };
      for (const user of parsed.data.users) if (user.notificationsEnabled) enabled.add(user.address.toLowerCase());
      cursor = parsed.data.nextCursor;
      if (!cursor) break;
    }
    users = { at: Date.now(), enabled, complete: cursor === undefined };
    return undefined;
  };
  /**
   * Undefined once the list is fresh; otherwise why it could not be read. `maxAgeMs`: how old a list
   * may be (the cache's life; shorter when an address is missing from it, since a user who turned
   * notifications on after the last read is not on it yet).
   */
  const freshUsers = async (maxAgeMs = usersCacheMs): Promise<CallResult | undefined> => {
    if (users && Date.now() - users.at < maxAgeMs) return undefined;
    reading ??= readUsers().finally(() => {
      reading = undefined;
    });
    return reading;
  };

  const retryLater = async (job: SendJob, addresses: string[], reason: RetryReason) => {
    const attempt = job.attempt + 1;
    if (!mayRetry(attempt, reason)) {
      logger.warn(
        { notificationId: job.notificationId, addresses: addresses.length, reason },
        'base notification given up',
      );
      await recordFailure(job, addresses, `given up (${reason})`);
      return;
    }
    // Rate-limited: Base's minute frees within a window; otherwise the usual backoff.
    const startAfter =
      reason === 'rate-limited' ? Math.ceil(rateLimit.windowMs / 1000) : backoffSeconds(firstRetryDelay, attempt);
    await boss.send(BASE_NOTIFICATION_QUEUE, { ...job, addresses, attempt } satisfies SendJob, { startAfter });
  };

  const recordFailure = async (job: SendJob, addresses: readonly string[], reason: string) => {
    if (addresses.length === 0) return;
    await db
      .updateTable('base_notification_sends')
      .set({ failure_reason: reason })
      .where('notification_id', '=', job.notificationId)
      .where('delivery_id', '=', job.delivery)
      .where(sql<boolean>`address = any(${[...addresses]}::text[])`)
      .execute();
  };

  /**
   * The addresses this delivery may send to: those no other delivery claimed, and its own not yet
   * sent nor given up (a retry, or the same job run again after a crash).
   */
  const claim = async (job: SendJob): Promise<string[]> => {
    const { rows } = await sql<{ address: string }>`
      insert into base_notification_sends (notification_id, address, delivery_id)
      select ${job.notificationId}, address, ${job.delivery}::uuid from unnest(${job.addresses}::text[]) as address
      on conflict (notification_id, address) do update set delivery_id = excluded.delivery_id
      where base_notification_sends.delivery_id = excluded.delivery_id
        and base_notification_sends.sent_at is null and base_notification_sends.failure_reason is null
      returning address`.execute(db);
    return rows.map((row) => row.address);
  };

  const deliver = async (job: SendJob) => {
    const log = { notificationId: job.notificationId, attempt: job.attempt };
    const claimed = await claim(job);
    if (claimed.length === 0) return;
    let listProblem = await freshUsers();
    // An address missing from a list read a while ago may have turned notifications on since: read it again.
    const missing = () => claimed.some((address) => users?.complete && !users.enabled.has(address.toLowerCase()));
    if (!listProblem && missing()) listProblem = await freshUsers(missingUserRereadMs);
    if (listProblem && !listProblem.ok) {
      logger.warn({ ...log, reason: listProblem.reason }, 'base notification user list unavailable');
      if (listProblem.retry) await retryLater(job, claimed, listProblem.retry);
      else await recordFailure(job, claimed, `user list: ${listProblem.reason}`);
      return;
    }
    const list = users;
    // Sending to an address Base does not know costs a request for nothing.
    const known = claimed.filter((address) => !list?.complete || list.enabled.has(address.toLowerCase()));
    await recordFailure(
      job,
      claimed.filter((address) => !known.includes(address)),
      NOT_A_USER,
    );
    if (known.length === 0) return;
    const result = await call('/send', {
      method: 'POST',
      body: { app_url: api.appUrl, wallet_addresses: known, ...job.fields },
    });
    if (!result.ok) {
      logger.warn({ ...log, addresses: known.length, reason: result.reason }, 'base notification request failed');
      if (result.retry) await retryLater(job, known, result.retry);
      else await recordFailure(job, known, result.reason);
      return;
    }
    const parsed = sendAnswerSchema.safeParse(result.json);
    if (!parsed.success) {
      // Nobody knows who was notified: resent, and Base answers an identical notification within
      // 24 hours without pushing it again.
      await retryLater(job, known, 'failed');
      return;
    }
    const byAddress = new Map(parsed.data.results.map((each) => [each.walletAddress.toLowerCase(), each]));
    const sent = known.filter((address) => byAddress.get(address.toLowerCase())?.sent);
    const refused = known.filter((address) => byAddress.get(address.toLowerCase())?.sent === false);
    const unanswered = known.filter((address) => !byAddress.has(address.toLowerCase()));
    if (sent.length > 0) {
      await db
        .updateTable('base_notification_sends')
        .set({ sent_at: sql`now()` })
        .where('notification_id', '=', job.notificationId)
        .where('delivery_id', '=', job.delivery)
        .where(sql<boolean>`address = any(${sent}::text[])`)
        .execute();
    }
    // The documented reasons (not saved, notifications off) are the user's choice: not retried.
    const byReason = new Map<string, string[]>();
    for (const address of refused) {
      const reason = byAddress.get(address.toLowerCase())?.failureReason ?? 'not sent';
      byReason.set(reason, [...(byReason.get(reason) ?? []), address]);
    }
    for (const [reason, group] of byReason) await recordFailure(job, group, reason);
    if (unanswered.length > 0) await retryLater(job, unanswered, 'failed');
    logger.info({ ...log, sent: sent.length, refused: refused.length }, 'base notification sent');
  };

  // Pace, not parallelism, bounds the sends: one job at a time on each replica.
  await boss.createQueue(BASE_NOTIFICATION_QUEUE, { name: BASE_NOTIFICATION_QUEUE, retryLimit: 3, retryDelay: 30 });
  await boss.work<SendJob>(BASE_NOTIFICATION_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    await skippingUnusableInput(
      { db, logger },
      { source: 'base-notification', key: job.id, input: job.data },
      async () => deliver(jobSchema.parse(job.data)),
    );
  });

  await startTicker(boss, { queue: CLEANUP_QUEUE, intervalSeconds: CLEANUP_INTERVAL_SECONDS, logger }, () =>
    deleteOldBaseSends(db),
  );

  return {
    async send(message, addresses) {
      const fields = baseNotificationFields(message);
      if (!fields.title || !fields.message) {
        throw new InvalidNotificationError(`Notification ${message.notificationId} has no title or no body for Base.`);
      }
      const valid = [
        ...new Set(addresses.filter((address) => isAddress(address)).map((address) => getAddress(address))),
      ];
      const delivery = randomUUID();
      for (const batch of chunks(valid, BASE_LIMITS.addressesPerRequest)) {
        const job: SendJob = { delivery, notificationId: message.notificationId, fields, addresses: batch, attempt: 1 };
        await boss.send(BASE_NOTIFICATION_QUEUE, job);
      }
    },
  };
}
