import type { SendNotificationRequest } from '@farcaster/miniapp-core';
import type { NotificationAnswer, NotificationFailedTokenReason } from '@fartwin/protocol';
import { notificationRequestSchema } from '../src/notify/sender.ts';
import { startFakeHttp } from './fake-http.ts';

/** Where the fake client takes notifications (its notification URL, as its webhook events give it). */
const NOTIFICATIONS_PATH = '/v1/frame-notifications';

/** 'invalid' is reported as clients do now: in `invalidTokens`, and again in `failedTokens`. */
export type TokenFate =
  | 'success'
  | 'invalid'
  | 'rate-limited'
  | Exclude<NotificationFailedTokenReason, 'invalid_token'>;

/**
 * By token name: "invalid-…" is reported invalid; "limited-…" is rate-limited the first time it is
 * sent, and delivered after that; "unexplained-…" fails for an `unknown` reason the first time;
 * "elsewhere-…" always fails with `domain_mismatch`; any other is delivered.
 */
function fateByName(token: string, seenBefore: boolean): TokenFate {
  if (token.startsWith('invalid-')) return 'invalid';
  if (token.startsWith('limited-') && !seenBefore) return 'rate-limited';
  if (token.startsWith('unexplained-') && !seenBefore) return 'unknown';
  if (token.startsWith('elsewhere-')) return 'domain_mismatch';
  return 'success';
}

export interface FakeFarcasterClient {
  /** The notification URL. */
  url: string;
  port: number;
  /** Every request it took, in order. */
  notifications: SendNotificationRequest[];
  close(): Promise<void>;
}

/**
 * A local HTTP server that answers notification requests as a Farcaster client does: it refuses a
 * request that breaks the schema with 400, and reports each token successful, invalid,
 * rate-limited or failed (with a reason). `failFirst` requests are answered 503, as a client that
 * is having a bad moment.
 */
export async function startFakeFarcasterClient(
  options: {
    port?: number;
    failFirst?: number;
    fate?: typeof fateByName;
    /** Where invalid tokens are reported: both lists (as clients do now), or failedTokens alone. */
    invalidIn?: 'both' | 'failedTokens';
  } = {},
): Promise<FakeFarcasterClient> {
  const fate = options.fate ?? fateByName;
  const seen = new Set<string>();
  const notifications: SendNotificationRequest[] = [];
  let failuresLeft = options.failFirst ?? 0;
  const server = await startFakeHttp((request, response) => {
    const parsed = notificationRequestSchema(false).safeParse(JSON.parse(request.body || 'null'));
    if (request.method !== 'POST' || request.url !== NOTIFICATIONS_PATH || !parsed.success) {
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad request"}');
      return;
    }
    notifications.push(parsed.data);
    if (failuresLeft > 0) {
      failuresLeft--;
      response.writeHead(503).end('unavailable');
      return;
    }
    const result: Required<NotificationAnswer['result']> = {
      successfulTokens: [],
      invalidTokens: [],
      rateLimitedTokens: [],
      failedTokens: [],
    };
    for (const token of parsed.data.tokens) {
      const answer = fate(token, seen.has(token));
      seen.add(token);
      if (answer === 'success') result.successfulTokens.push(token);
      else if (answer === 'invalid') {
        if (options.invalidIn !== 'failedTokens') result.invalidTokens.push(token);
        result.failedTokens.push({ token, reason: 'invalid_token' });
      } else if (answer === 'rate-limited') result.rateLimitedTokens.push(token);
      else result.failedTokens.push({ token, reason: answer });
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result }));
  }, options.port);
  return { url: `${server.url}${NOTIFICATIONS_PATH}`, port: server.port, notifications, close: server.close };
}
