import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Base's Notifications API (the Base Dashboard's REST API), written from Base's
 * published documentation ("Add notifications", docs.base.org/apps/technical-guides/base-notifications):
 *
 * - both endpoints want the project's API key in `x-api-key` (401 without it or with another);
 * - `app_url` must be the app the key's project registered (403 otherwise);
 * - GET /api/v1/notifications/app/users?app_url&notification_enabled&cursor&limit answers
 *   `{ success, users: [{ address, notificationsEnabled }], nextCursor? }`, at most 500 a page;
 * - POST /api/v1/notifications/send takes `{ app_url, wallet_addresses (1..1000), title (≤ 30),
 *   message (≤ 200), target_path? (starts with "/", ≤ 500) }` and answers `{ success, results:
 *   [{ walletAddress, sent, failureReason? }], sentCount, failedCount }`, a 400 for a request that
 *   breaks those rules;
 * - duplicate addresses in one request count once; an identical notification (same app URL,
 *   address, title, message and target path) within 24 hours answers success without a second push;
 * - the two endpoints share one rate limit, 20 requests a minute, past which they answer 429.
 */

/** The key the local stand-in takes (the dev host's, and the bot service's local default): public, local only. */
export const LOCAL_BASE_NOTIFICATIONS_API_KEY = 'fartwin-local-base-notifications-key';

export const BASE_NOTIFICATIONS_LIMITS = {
  titleChars: 30,
  messageChars: 200,
  targetPathChars: 500,
  addressesPerRequest: 1_000,
  usersPerPage: 500,
  requestsPerWindow: 20,
  windowMs: 60_000,
  dedupeMs: 24 * 3_600_000,
} as const;

/** The documented failure reasons of an address that was not notified. */
export const BASE_FAILURE_REASONS = {
  notSaved: 'user has not saved this app',
  disabled: 'user has notifications disabled',
} as const;

/** A notification as the user's Base App shows it. */
export interface BaseInboxEntry {
  title: string;
  message: string;
  targetPath: string | null;
  receivedAt: string;
}

export interface BaseNotificationsState {
  /** Users who saved the app, by lowercase address: whether they turned notifications on. */
  users: Map<string, boolean>;
  /** Pushes each user got, newest first (the newest INBOX_LIMIT). */
  inboxes: Map<string, BaseInboxEntry[]>;
  /** When each identical notification was last pushed (dedupe key → epoch ms). */
  pushed: Map<string, number>;
  /** When each request of the current rate-limit window came (epoch ms). */
  requestTimes: number[];
  /** Every answer given, in order: what a test reads to see the limits held. */
  log: { method: string; path: string; status: number; at: number; addresses: number }[];
  /** Send requests still to answer 503, as Base's service does when briefly unavailable (tests set it). */
  unavailableSends: number;
  /**
   * Requests still to answer 429 whatever this app sent, as when other apps on the same IP spent
   * the minute (Base counts per IP; tests set it).
   */
  spentByOthers: number;
}

export interface BaseNotificationsOptions {
  apiKey: string;
  appUrl: string;
  /** The shared rate limit; tests shrink the window to see it hold within seconds. */
  requestsPerWindow?: number;
  windowMs?: number;
  now?: () => number;
}

/** The newest pushes a user's inbox keeps, and answers the stand-in keeps in its log. */
const INBOX_LIMIT = 100;
const LOG_LIMIT = 10_000;
const API_PREFIX = '/api/v1/notifications';

export function emptyBaseNotificationsState(): BaseNotificationsState {
  return {
    users: new Map(),
    inboxes: new Map(),
    pushed: new Map(),
    requestTimes: [],
    log: [],
    unavailableSends: 0,
    spentByOthers: 0,
  };
}

export interface StandInRequest {
  method: string;
  /** Path and query, as in an HTTP request line. */
  url: string;
  apiKey: string | undefined;
  body: string;
}

export interface StandInAnswer {
  status: number;
  body: unknown;
}

const error = (status: number, code: string, message: string): StandInAnswer => ({
  status,
  body: { success: false, error: code, message },
});

/** Answers one request as Base's API does, changing `state`. Undefined for a path that is not the API's. */
export function answerBaseNotifications(
  state: BaseNotificationsState,
  options: BaseNotificationsOptions,
  request: StandInRequest,
): StandInAnswer | undefined {
  const url = new URL(request.url, 'http://stand-in');
  if (!url.pathname.startsWith(API_PREFIX)) return undefined;
  const now = (options.now ?? Date.now)();
  const answer = route(state, options, request, url, now);
  const addresses = answer.status === 200 && url.pathname.endsWith('/send') ? countAddresses(request.body) : 0;
  state.log.push({ method: request.method, path: url.pathname, status: answer.status, at: now, addresses });
  if (state.log.length > LOG_LIMIT) state.log.splice(0, state.log.length - LOG_LIMIT);
  return answer;
}

function countAddresses(body: string): number {
  try {
    return new Set((JSON.parse(body) as { wallet_addresses: string[] }).wallet_addresses).size;
  } catch {
    return 0;
  }
}

function route(
  state: BaseNotificationsState,
  options: BaseNotificationsOptions,
  request: StandInRequest,
  url: URL,
  now: number,
): StandInAnswer {
  if (request.apiKey !== options.apiKey) return error(401, 'Unauthorized', 'Missing or invalid API key.');
  const windowMs = options.windowMs ?? BASE_NOTIFICATIONS_LIMITS.windowMs;
  state.requestTimes = state.requestTimes.filter((at) => now - at < windowMs);
  const spent = state.spentByOthers > 0;
  if (spent) state.spentByOthers -= 1;
  if (
    spent ||
    state.requestTimes.length >= (options.requestsPerWindow ?? BASE_NOTIFICATIONS_LIMITS.requestsPerWindow)
  ) {
    return error(429, 'Too Many Requests', 'The notification endpoints allow 20 requests per minute.');
  }
  state.requestTimes.push(now);
  if (request.method === 'GET' && url.pathname === `${API_PREFIX}/app/users`) return listUsers(state, options, url);
  if (request.method === 'POST' && url.pathname === `${API_PREFIX}/send`) {
    if (state.unavailableSends > 0) {
      state.unavailableSends -= 1;
      return error(
        503,
        'Service Unavailable',
        'The notification service is temporarily unavailable. Retry the request.',
      );
    }
    return send(state, options, request, now);
  }
  return error(404, 'Not Found', `No endpoint ${request.method} ${url.pathname}.`);
}

function listUsers(state: BaseNotificationsState, options: BaseNotificationsOptions, url: URL): StandInAnswer {
  const appUrl = url.searchParams.get('app_url');
  if (!appUrl) return error(400, 'Bad Request', 'app_url is missing.');
  if (appUrl !== options.appUrl) return error(403, 'Forbidden', 'The app_url does not belong to your project.');
  const enabledOnly = url.searchParams.get('notification_enabled') === 'true';
  const limit = Math.min(
    BASE_NOTIFICATIONS_LIMITS.usersPerPage,
    Math.max(1, Number(url.searchParams.get('limit') ?? BASE_NOTIFICATIONS_LIMITS.usersPerPage) || 1),
  );
  const start = Number(url.searchParams.get('cursor') ?? 0) || 0;
  const all = [...state.users].filter(([, enabled]) => enabled || !enabledOnly);
  const page = all.slice(start, start + limit);
  const next = start + limit < all.length ? String(start + limit) : undefined;
  return {
    status: 200,
    body: {
      success: true,
      users: page.map(([address, notificationsEnabled]) => ({ address, notificationsEnabled })),
      ...(next ? { nextCursor: next } : {}),
    },
  };
}

function badRequest(body: unknown, appUrl: string): string | StandInAnswer | undefined {
  if (typeof body !== 'object' || body === null) return 'The body must be a JSON object.';
  const { app_url, wallet_addresses, title, message, target_path } = body as Record<string, unknown>;
  const limits = BASE_NOTIFICATIONS_LIMITS;
  if (typeof app_url !== 'string' || !app_url) return 'app_url is missing.';
  if (typeof title !== 'string' || !title || [...title].length > limits.titleChars)
    return `title is missing or exceeds ${limits.titleChars} characters.`;
  if (typeof message !== 'string' || !message || [...message].length > limits.messageChars)
    return `message is missing or exceeds ${limits.messageChars} characters.`;
  if (
    !Array.isArray(wallet_addresses) ||
    wallet_addresses.length === 0 ||
    wallet_addresses.length > limits.addressesPerRequest ||
    !wallet_addresses.every((address) => typeof address === 'string')
  )
    return `wallet_addresses is missing or exceeds ${limits.addressesPerRequest} addresses.`;
  if (
    target_path !== undefined &&
    (typeof target_path !== 'string' ||
      !target_path.startsWith('/') ||
      [...target_path].length > limits.targetPathChars)
  )
    return `target_path exceeds ${limits.targetPathChars} characters or does not start with /.`;
  if (app_url !== appUrl) return error(403, 'Forbidden', 'The app_url does not belong to your project.');
  return undefined;
}

function send(
  state: BaseNotificationsState,
  options: BaseNotificationsOptions,
  request: StandInRequest,
  now: number,
): StandInAnswer {
  let body: unknown;
  try {
    body = JSON.parse(request.body);
  } catch {
    return error(400, 'Bad Request', 'The body is not JSON.');
  }
  const problem = badRequest(body, options.appUrl);
  if (typeof problem === 'string') return error(400, 'Bad Request', problem);
  if (problem) return problem;
  const { app_url, wallet_addresses, title, message, target_path } = body as {
    app_url: string;
    wallet_addresses: string[];
    title: string;
    message: string;
    target_path?: string;
  };
  for (const [key, at] of state.pushed) if (now - at >= BASE_NOTIFICATIONS_LIMITS.dedupeMs) state.pushed.delete(key);
  const results: { walletAddress: string; sent: boolean; failureReason?: string }[] = [];
  const seen = new Set<string>();
  for (const walletAddress of wallet_addresses) {
    const address = walletAddress.toLowerCase();
    if (seen.has(address)) continue;
    seen.add(address);
    const enabled = state.users.get(address);
    if (enabled === undefined) {
      results.push({ walletAddress, sent: false, failureReason: BASE_FAILURE_REASONS.notSaved });
      continue;
    }
    if (!enabled) {
      results.push({ walletAddress, sent: false, failureReason: BASE_FAILURE_REASONS.disabled });
      continue;
    }
    const key = JSON.stringify([app_url, address, title, message, target_path ?? null]);
    if (!state.pushed.has(key)) {
      state.pushed.set(key, now);
      const entry = { title, message, targetPath: target_path ?? null, receivedAt: new Date(now).toISOString() };
      state.inboxes.set(address, [entry, ...(state.inboxes.get(address) ?? [])].slice(0, INBOX_LIMIT));
    }
    results.push({ walletAddress, sent: true });
  }
  const sentCount = results.filter((result) => result.sent).length;
  return {
    status: 200,
    body: { success: sentCount === results.length, results, sentCount, failedCount: results.length - sentCount },
  };
}

export interface BaseNotificationsStandIn {
  /** The API's base URL, ending in /api/v1/notifications. */
  apiUrl: string;
  state: BaseNotificationsState;
  /** A user who saved the app, with notifications on or off. */
  addUser(address: string, notificationsEnabled?: boolean): void;
  inbox(address: string): BaseInboxEntry[];
  close(): Promise<void>;
}

/** The stand-in on its own local HTTP server (the bot service's tests; the dev host mounts the same answers). */
export async function startBaseNotificationsStandIn(
  options: BaseNotificationsOptions,
): Promise<BaseNotificationsStandIn> {
  const state = emptyBaseNotificationsState();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const header = req.headers['x-api-key'];
    const answer = answerBaseNotifications(state, options, {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      apiKey: Array.isArray(header) ? header[0] : header,
      body: Buffer.concat(chunks).toString('utf8'),
    }) ?? { status: 404, body: { success: false, error: 'Not Found' } };
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}${API_PREFIX}`,
    state,
    addUser: (address, notificationsEnabled = true) => state.users.set(address.toLowerCase(), notificationsEnabled),
    inbox: (address) => state.inboxes.get(address.toLowerCase()) ?? [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
