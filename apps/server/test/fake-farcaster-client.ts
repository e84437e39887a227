import type { SendNotificationRequest, SendNotificationResponse } from '@farcaster/miniapp-core';
import { notificationRequestSchema } from '../src/notify/sender.ts';
import { startFakeHttp } from './fake-http.ts';

/** Where the fake client takes notifications (its notification URL, as its webhook events give it). */
const NOTIFICATIONS_PATH = '/v1/frame-notifications';

export type TokenFate = 'success' | 'invalid' | 'rate-limited';

/**
 * By token name: "invalid-…" is reported invalid; "limited-…" is rate-limited the first time it is
 * sent, and delivered after that; any other is delivered.
 */
function fateByName(token: string, seenBefore: boolean): TokenFate {
  if (token.startsWith('invalid-')) return 'invalid';
  if (token.startsWith('limited-') && !seenBefore) return 'rate-limited';
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
 * request that breaks the schema with 400, and reports each token successful, invalid or
 * rate-limited. `failFirst` requests are answered 503, as a client that is having a bad moment.
 */
export async function startFakeFarcasterClient(
  options: { port?: number; failFirst?: number; fate?: typeof fateByName } = {},
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
    const result: SendNotificationResponse['result'] = {
      successfulTokens: [],
      invalidTokens: [],
      rateLimitedTokens: [],
    };
    for (const token of parsed.data.tokens) {
      const answer = fate(token, seen.has(token));
      seen.add(token);
      if (answer === 'success') result.successfulTokens.push(token);
      else if (answer === 'invalid') result.invalidTokens.push(token);
      else result.rateLimitedTokens.push(token);
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result }));
  }, options.port);
  return { url: `${server.url}${NOTIFICATIONS_PATH}`, port: server.port, notifications, close: server.close };
}
