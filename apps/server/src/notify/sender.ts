import { sendNotificationRequestSchema } from '@farcaster/miniapp-core';
import {
  LIMITS,
  type NotificationAnswer,
  type NotificationFailedToken,
  notificationAnswerSchema,
} from '@fartwin/protocol';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db } from '../platform/db/database.ts';
import { skippingUnusableInput } from '../platform/logging/rejected-inputs.ts';
import type { DestinationRules } from '../platform/outgoing/destination-rules.ts';
import { type OutgoingAnswer, OutgoingRequestFailed, postJson } from '../platform/outgoing/post-json.ts';
import { deleteInvalidTokens, type NotificationTarget, reserveNextSlot, storedTokens } from './notification-tokens.ts';

export const NOTIFICATION_RETRY_QUEUE = 'notification-retry';

/**
 * What a notification says. `notificationId` must be stable per message (e.g.
 * `battery-warning:{agentId}:{expiresAt}`): Farcaster clients show one notification per (fid,
 * notificationId), so a retry, or a resend after a crash, never notifies twice.
 */
export interface NotificationMessage {
  notificationId: string;
  title: string;
  body: string;
  targetUrl: string;
}

/** What became of the tokens of one send. */
export interface SendOutcome {
  /** Clients answered that these were notified. */
  delivered: string[];
  /** Clients answered that these no longer work: deleted. */
  invalid: string[];
  /** Rate-limited, failed for no stated reason, or their client was down: handed to the retry job. */
  retrying: string[];
  /**
   * Clients answered that these failed for a reason a resend of this message would meet again (the
   * targetUrl is not on the token's domain, the domain has no webhookUrl): kept, logged, not retried.
   */
  failed: NotificationFailedToken[];
}

export interface NotificationSender {
  /**
   * Sends one message to every target, grouped by the client's URL, at most 100 tokens a request.
   * Throws InvalidNotificationError, before sending anything, when a request breaks the schema.
   * A client that is down or failing never makes it throw: its tokens are retried by the job.
   */
  send(message: NotificationMessage, targets: readonly NotificationTarget[]): Promise<SendOutcome>;
}

/** A message our own schema refuses (too long a title, …): a bug to fix, never sent. */
export class InvalidNotificationError extends Error {
  override name = 'InvalidNotificationError';
}

/**
 * In production the schema as published, which wants an https targetUrl. Local mode's mini-app is
 * served from http://localhost, which that rule refuses ("Must be an https url"), and its only
 * client, the dev host, opens it happily: there, the same schema with any URL as targetUrl.
 */
const localRequestSchema = sendNotificationRequestSchema.extend({ targetUrl: z.url().max(LIMITS.urlChars) });
/** The app holds URLs to 512 characters; the published schema allows 1024. */
const productionRequestSchema = sendNotificationRequestSchema.extend({
  targetUrl: sendNotificationRequestSchema.shape.targetUrl.max(LIMITS.urlChars),
});

/** The send-notification request schema this mode holds requests to. */
export function notificationRequestSchema(production: boolean) {
  return production ? productionRequestSchema : localRequestSchema;
}

/** A client's answer is a small JSON object; more than this is not one. */
const OUTGOING_LIMITS = { timeoutMs: 10_000, maxResponseBytes: 64 * 1024 };

/**
 * A client that failed (down, 5xx, an answer that is none): the first retry waits 30 s, then twice
 * as long each time (30 s, 1, 2, 4, 8 min), then gives up.
 */
export const DEFAULT_RETRY_DELAY_SECONDS = 30;
const MAX_FAILED_ATTEMPTS = 6;
/**
 * Farcaster clients allow one notification per token every 30 seconds. A rate-limited notice takes
 * the token's next free slot behind the notices already waiting on it (notification_tokens.
 * paced_until) rather than backing off: an owner who gets several notices at once (a revival, a
 * digest, a draft) gets them all, one per slot and in order, not minutes later and by luck. Past 20
 * attempts the client is refusing for another reason (its daily limit): given up.
 */
const DEFAULT_RATE_LIMIT_PACE_SECONDS = 30;
const MAX_RATE_LIMITED_ATTEMPTS = 20;
/** After its slot opens: the clocks of this replica, Postgres and the client need not agree to the ms. */
const SLOT_MARGIN_MS = 1_000;

export type RetryReason = 'failed' | 'rate-limited';

/** Whether attempt number `attempt` (2: the first retry) may still be made after this kind of failure. */
export function mayRetry(attempt: number, reason: RetryReason): boolean {
  return attempt <= (reason === 'rate-limited' ? MAX_RATE_LIMITED_ATTEMPTS : MAX_FAILED_ATTEMPTS);
}

/** A failed request's retry waits `firstDelay` seconds, then twice as long each time. */
export function backoffSeconds(firstDelay: number, attempt: number): number {
  return firstDelay * 2 ** (attempt - 2);
}

/** A retry only fails on our side (the database); clients' failures are retried through new jobs. */
const retryQueueOptions = { name: NOTIFICATION_RETRY_QUEUE, retryLimit: 3, retryDelay: 30, retryBackoff: true };

/** One request's fate: the client's answer, or why there was none. */
type ClientAnswer =
  | ({ answered: true } & NotificationAnswer['result'])
  | { answered: false; reason: string; retry: boolean };

/**
 * One request to a client's notification URL, which came from a client event: under the outgoing
 * rules (outgoing/), and nothing of the answer's content in the reason, only its status.
 */
async function postToClient(url: string, request: unknown, rules: DestinationRules): Promise<ClientAnswer> {
  let answer: OutgoingAnswer;
  try {
    answer = await postJson(url, request, rules, OUTGOING_LIMITS);
  } catch (error) {
    if (error instanceof OutgoingRequestFailed)
      return { answered: false, reason: error.message, retry: error.retryable };
    throw error;
  }
  if (answer.status >= 300 && answer.status < 400) {
    return { answered: false, reason: `HTTP ${answer.status}: redirects are not followed`, retry: false };
  }
  if (answer.status < 200 || answer.status >= 300) {
    // 429 and 5xx pass; any other 4xx says the request itself is wrong, and would be again.
    const retry = answer.status === 429 || answer.status >= 500;
    return { answered: false, reason: `HTTP ${answer.status}`, retry };
  }
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    json = undefined;
  }
  const parsed = notificationAnswerSchema.safeParse(json);
  if (!parsed.success) {
    // Nobody knows who was notified: resend, the notificationId keeps it at most once per user.
    return { answered: false, reason: `HTTP ${answer.status}: not a notification answer`, retry: true };
  }
  return { answered: true, ...parsed.data.result };
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** The requests a send makes: per client URL, its tokens (each once) in groups of at most 100. */
function requestBatches(targets: readonly NotificationTarget[]): { url: string; tokens: string[] }[] {
  const byUrl = new Map<string, Set<string>>();
  for (const target of targets) {
    const tokens = byUrl.get(target.url) ?? new Set<string>();
    tokens.add(target.token);
    byUrl.set(target.url, tokens);
  }
  return [...byUrl].flatMap(([url, tokens]) =>
    chunks([...tokens], LIMITS.notificationTokensPerRequest).map((batch) => ({ url, tokens: batch })),
  );
}

export interface NotificationSenderDeps {
  db: Db;
  logger: Logger;
  /** Production holds targetUrl to the schema's https rule. */
  production: boolean;
  /** A failed request's first retry delay; each later one doubles it (tests shorten it). */
  retryDelaySeconds?: number;
  /** How long a rate-limited token waits before its next try (tests shorten it). */
  rateLimitPaceSeconds?: number;
}

/** Creates the retry queue, starts this replica's retry worker, and answers the sender. */
export async function startNotificationSender(boss: PgBoss, deps: NotificationSenderDeps): Promise<NotificationSender> {
  const { db, logger } = deps;
  const requestSchema = notificationRequestSchema(deps.production);
  const retryJobSchema = z.object({
    message: requestSchema.omit({ tokens: true }),
    url: z.string(),
    tokens: z.array(z.string()).max(LIMITS.notificationTokensPerRequest),
    attempt: z.number().int().min(2),
  });
  type RetryJob = z.infer<typeof retryJobSchema>;
  const firstRetryDelay = deps.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS;
  const rateLimitPace = deps.rateLimitPaceSeconds ?? DEFAULT_RATE_LIMIT_PACE_SECONDS;

  /** Hands tokens to a later attempt; answers whether one is scheduled. */
  const retryLater = async (
    message: NotificationMessage,
    url: string,
    tokens: string[],
    attempt: number,
    reason: RetryReason,
  ) => {
    if (tokens.length === 0) return false;
    if (!mayRetry(attempt, reason)) {
      logger.warn(
        { url, notificationId: message.notificationId, tokens: tokens.length, reason },
        'notification given up',
      );
      return false;
    }
    let startAfter: number | Date = backoffSeconds(firstRetryDelay, attempt);
    if (reason === 'rate-limited') {
      const slot = await reserveNextSlot(db, url, tokens, rateLimitPace);
      // None of them stored any more: nobody left to notify.
      if (slot === null) return false;
      startAfter = new Date(slot.getTime() + SLOT_MARGIN_MS);
    }
    const job: RetryJob = { message, url, tokens, attempt };
    await boss.send(NOTIFICATION_RETRY_QUEUE, job, { startAfter });
    return true;
  };

  /** One request to one client (its tokens already validated, at most 100). */
  const deliver = async (
    message: NotificationMessage,
    url: string,
    tokens: string[],
    attempt: number,
  ): Promise<SendOutcome> => {
    const answer = await postToClient(url, { ...message, tokens }, { production: deps.production });
    const log = { url, notificationId: message.notificationId, tokens: tokens.length, attempt };
    if (!answer.answered) {
      logger.warn({ ...log, reason: answer.reason }, 'notification request failed');
      const retrying = answer.retry && (await retryLater(message, url, tokens, attempt + 1, 'failed'));
      return { delivered: [], invalid: [], retrying: retrying ? tokens : [], failed: [] };
    }
    // Only tokens this request carried: a client speaks for its own users only.
    const sent = new Set(tokens);
    const delivered = new Set(answer.successfulTokens.filter((token) => sent.has(token)));
    const failed = (answer.failedTokens ?? []).filter(({ token }) => sent.has(token) && !delivered.has(token));
    // A failed `invalid_token` is the same news as `invalidTokens`: whichever list says it, the token goes.
    const invalid = [
      ...new Set([
        ...answer.invalidTokens.filter((token) => sent.has(token)),
        ...failed.filter((each) => each.reason === 'invalid_token').map((each) => each.token),
      ]),
    ];
    const invalidSet = new Set(invalid);
    const rateLimited = answer.rateLimitedTokens.filter((token) => sent.has(token) && !invalidSet.has(token));
    // No stated reason: maybe a bad moment of the client's, so retried as a failed request is.
    const unexplained = failed.filter((each) => each.reason === 'unknown' && !invalidSet.has(each.token));
    // The rest would fail again with this same targetUrl: our URLs and the client's record of the
    // app disagree, which no retry mends.
    const refused = failed.filter((each) => each.reason !== 'unknown' && !invalidSet.has(each.token));
    await deleteInvalidTokens(db, url, invalid);
    const retrying = (await retryLater(message, url, rateLimited, attempt + 1, 'rate-limited')) ? rateLimited : [];
    const unexplainedTokens = unexplained.map((each) => each.token);
    const retried = await retryLater(message, url, unexplainedTokens, attempt + 1, 'failed');
    if (retried) retrying.push(...unexplainedTokens);
    const given = retried ? refused : [...refused, ...unexplained];
    if (given.length > 0) {
      const reasons: Partial<Record<string, number>> = {};
      for (const { reason } of given) reasons[reason] = (reasons[reason] ?? 0) + 1;
      logger.error({ ...log, reasons }, 'notification refused by the client for some tokens');
    }
    logger.info({ ...log, invalid: invalid.length, rateLimited: rateLimited.length }, 'notification sent');
    return { delivered: [...delivered], invalid, retrying, failed: given };
  };

  await boss.createQueue(NOTIFICATION_RETRY_QUEUE, retryQueueOptions);
  // Every second: a reserved slot is taken close to when it opens.
  await boss.work<RetryJob>(NOTIFICATION_RETRY_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    await skippingUnusableInput(
      { db, logger },
      { source: 'notification-retry', key: job.id, input: job.data },
      async () => {
        const retry = retryJobSchema.parse(job.data);
        const tokens = await storedTokens(db, retry.url, retry.tokens);
        if (tokens.length > 0) await deliver(retry.message, retry.url, tokens, retry.attempt);
      },
    );
  });

  return {
    async send(message, targets) {
      const batches = requestBatches(targets);
      // Every request is checked before any is sent: a refused message reaches no one.
      for (const { tokens } of batches) {
        const checked = requestSchema.safeParse({ ...message, tokens });
        if (!checked.success) {
          throw new InvalidNotificationError(
            `Notification ${message.notificationId} breaks the schema: ${z.prettifyError(checked.error)}`,
          );
        }
      }
      const outcome: SendOutcome = { delivered: [], invalid: [], retrying: [], failed: [] };
      for (const { url, tokens } of batches) {
        const sent = await deliver(message, url, tokens, 1);
        outcome.delivered.push(...sent.delivered);
        outcome.invalid.push(...sent.invalid);
        outcome.retrying.push(...sent.retrying);
        outcome.failed.push(...sent.failed);
      }
      return outcome;
    },
  };
}
