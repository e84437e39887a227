import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { verifyMessage } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { type RecordedRequest, sendJson, startFakeHttp } from './fake-http.ts';
import { specRequestViolations, specViolations } from './neynar-spec/validate.ts';

export const STAND_IN_API_KEY = 'neynar-key';
export const STAND_IN_WALLET_ID = 'app-wallet-1';

const hex = (seed: string, bytes: number) =>
  `0x${createHash('sha256')
    .update(seed)
    .digest('hex')
    .repeat(2)
    .slice(0, bytes * 2)}`;

/** A User object as Neynar's spec has it (every required field), from the parts a test cares about. */
export function specUser(user: {
  fid: number;
  username: string;
  custody?: string;
  bio?: string;
  displayName?: string;
  /** Verified Ethereum addresses, the first one primary. */
  verified?: string[];
}) {
  return {
    object: 'user',
    fid: user.fid,
    username: user.username,
    display_name: user.displayName ?? user.username,
    pfp_url: `https://example.com/${user.username}.png`,
    custody_address: (user.custody ?? hex(`custody ${user.fid}`, 20)).toLowerCase(),
    registered_at: '2026-01-01T00:00:00.000Z',
    profile: { bio: { text: user.bio ?? '' } },
    follower_count: 10,
    following_count: 5,
    verifications: (user.verified ?? []).map((address) => address.toLowerCase()),
    auth_addresses: [],
    verified_addresses: {
      eth_addresses: (user.verified ?? []).map((address) => address.toLowerCase()),
      sol_addresses: [],
      primary: { eth_address: user.verified?.[0]?.toLowerCase() ?? null, sol_address: null },
    },
    verified_accounts: [],
  };
}

/** A Cast object as Neynar's spec has it. */
export function specCast(cast: {
  hash: string;
  text: string;
  author: ReturnType<typeof specUser>;
  parentHash?: string | null;
  timestamp?: string;
}) {
  return {
    object: 'cast',
    hash: cast.hash,
    parent_hash: cast.parentHash ?? null,
    parent_url: null,
    root_parent_url: null,
    parent_author: { fid: null },
    author: cast.author,
    text: cast.text,
    timestamp: cast.timestamp ?? '2026-11-20T10:00:00.000Z',
    embeds: [],
    reactions: { likes: [], recasts: [], likes_count: 0, recasts_count: 0 },
    replies: { count: 0 },
    thread_hash: cast.hash,
    mentioned_profiles: [],
    mentioned_profiles_ranges: [],
    mentioned_channels: [],
    mentioned_channels_ranges: [],
    channel: null,
  };
}

interface Account {
  fid: number;
  username: string;
  custody: string;
  signerUuid: string;
}

interface StandInWebhook {
  webhook_id: string;
  title: string;
  target_url: string;
  filters: Record<string, Record<string, unknown>>;
}

const ROUTES = {
  bulkUsers: 'GET /v2/farcaster/user/bulk/',
  usersByAddress: 'GET /v2/farcaster/user/bulk-by-address/',
  userCasts: 'GET /v2/farcaster/feed/user/casts/',
  cast: 'GET /v2/farcaster/cast/',
  publishCast: 'POST /v2/farcaster/cast/',
  byCustody: 'GET /v2/farcaster/user/custody-address/',
  freshFid: 'GET /v2/farcaster/user/fid/',
  fname: 'GET /v2/farcaster/fname/availability/',
  register: 'POST /v2/farcaster/user/',
  nonce: 'GET /v2/farcaster/login/nonce/',
  signers: 'GET /v2/farcaster/signer/list/',
  webhook: 'GET /v2/farcaster/webhook/',
  updateWebhook: 'PUT /v2/farcaster/webhook/',
} as const;
export type StandInRoute = (typeof ROUTES)[keyof typeof ROUTES];

const error = (message: string, code = 'BadRequest') => ({ code, message });

/**
 * Neynar's v2 API as a local HTTP server, derived from its OpenAPI spec (test/neynar-spec): the
 * paths, statuses and bodies the spec gives, over a small in-memory network (users, casts, new
 * accounts, webhooks). Every answer is checked against the spec before it goes out; one that breaks
 * it is recorded in `violations` and sent as a 500 instead, so a test sees it; a request body the spec
 * refuses is recorded too, and answered 400. `failNext` makes the
 * next call to a route answer something else (`offSpec` for answers the spec does not have, which
 * the code must still survive); `delays` holds a route's answer back (Neynar's slow first fresh fid).
 */
export async function startNeynarStandIn() {
  const users = new Map<number, ReturnType<typeof specUser>>();
  const casts = new Map<string, ReturnType<typeof specCast>>();
  const accounts: Account[] = [];
  const takenFnames = new Set<string>();
  const webhooks = new Map<string, StandInWebhook>();
  const violations: string[] = [];
  const delays = new Map<StandInRoute, number>();
  const overrides = new Map<string, { status: number; body: unknown; offSpec: boolean }>();
  /** Neynar gives no filter size limit; the stand-in refuses above this one, to prove the code splits. */
  let maxFidsPerFilter = Number.POSITIVE_INFINITY;
  let nextFid = 900_001;

  const route = async (request: RecordedRequest, url: URL): Promise<{ status: number; body: unknown }> => {
    const query = (name: string) => url.searchParams.get(name) ?? '';
    const json = () => JSON.parse(request.body) as Record<string, unknown>;
    switch (`${request.method} ${url.pathname}`) {
      case ROUTES.bulkUsers: {
        const fids = query('fids').split(',').map(Number);
        // The spec answers an unknown fid with 400 (ErrorRes).
        if (fids.some((fid) => !users.has(fid))) return { status: 400, body: error('User not found', 'NotFound') };
        return { status: 200, body: { users: fids.map((fid) => users.get(fid)) } };
      }
      case ROUTES.usersByAddress: {
        const found: Record<string, unknown[]> = {};
        for (const address of query('addresses').toLowerCase().split(',')) {
          const holders = [...users.values()].filter(
            (user) =>
              user.custody_address === address ||
              user.verified_addresses.eth_addresses.some((verified) => verified.toLowerCase() === address),
          );
          if (holders.length > 0) found[address] = holders;
        }
        if (Object.keys(found).length === 0) {
          return { status: 404, body: error('No users found for the given addresses', 'NotFound') };
        }
        return { status: 200, body: found };
      }
      case ROUTES.userCasts: {
        const fid = Number(query('fid'));
        if (!users.has(fid)) return { status: 400, body: error('User not found', 'NotFound') };
        const own = [...casts.values()].filter((cast) => cast.author.fid === fid);
        return { status: 200, body: { casts: own.slice(0, Number(query('limit') || 25)), next: { cursor: null } } };
      }
      case ROUTES.cast: {
        const cast = casts.get(query('identifier'));
        if (!cast) return { status: 400, body: error('Cast not found', 'NotFound') };
        return { status: 200, body: { cast } };
      }
      case ROUTES.publishCast: {
        const body = json();
        const author = accounts.find((account) => account.signerUuid === body.signer_uuid);
        if (!author) return { status: 404, body: error('Signer not found', 'NotFound') };
        const hash = hex(`cast ${body.signer_uuid} ${body.idem ?? Math.random()}`, 20);
        return { status: 200, body: { success: true, cast: { hash, author: { fid: author.fid }, text: body.text } } };
      }
      case ROUTES.byCustody: {
        const account = accounts.find((candidate) => candidate.custody === query('custody_address').toLowerCase());
        if (!account) return { status: 404, body: error('User not found', 'NotFound') };
        return { status: 200, body: { user: specUser({ ...account }) } };
      }
      case ROUTES.freshFid:
        // The spec has no 4xx here; a missing app wallet is the server's error.
        if (request.headers['x-wallet-id'] !== STAND_IN_WALLET_ID) {
          return { status: 500, body: error('x-wallet-id header is required', 'InternalServerError') };
        }
        return { status: 200, body: { fid: nextFid++ } };
      case ROUTES.fname:
        return { status: 200, body: { available: !takenFnames.has(query('fname')) } };
      case ROUTES.register: {
        if (request.headers['x-wallet-id'] !== STAND_IN_WALLET_ID) {
          return { status: 401, body: error('x-wallet-id header is required', 'Unauthorized') };
        }
        const body = json();
        const custody = String(body.requested_user_custody_address).toLowerCase();
        const fname = String(body.fname);
        if (takenFnames.has(fname) || accounts.some((account) => account.custody === custody)) {
          return { status: 409, body: { code: 'Conflict', key: 'fname', message: 'Already registered' } };
        }
        const account = { fid: Number(body.fid), username: fname, custody, signerUuid: `signer-${body.fid}` };
        accounts.push(account);
        takenFnames.add(fname);
        const signer = {
          object: 'signer',
          uuid: account.signerUuid,
          public_key: hex(`key ${account.fid}`, 32),
          status: 'approved',
          fid: account.fid,
        };
        return {
          status: 200,
          body: { success: true, message: 'Account registered', signers: [signer], user: specUser({ ...account }) },
        };
      }
      case ROUTES.nonce:
        return { status: 200, body: { nonce: 'neynarbMi9zSDuOC1GFqixR' } };
      case ROUTES.signers: {
        const message = query('message');
        const address = parseSiweMessage(message).address;
        const signature = query('signature') as `0x${string}`;
        const valid = address !== undefined && (await verifyMessage({ address, message, signature }));
        if (!valid) return { status: 401, body: error('Invalid signature', 'Unauthorized') };
        const signers = accounts
          .filter((account) => account.custody === address.toLowerCase())
          .map((account) => ({
            object: 'signer',
            signer_uuid: account.signerUuid,
            public_key: hex(`key ${account.fid}`, 32),
            status: 'approved',
            fid: account.fid,
          }));
        return { status: 200, body: { signers } };
      }
      case ROUTES.webhook: {
        const webhook = webhooks.get(query('webhook_id'));
        if (!webhook) return { status: 404, body: error('Webhook not found', 'NotFound') };
        return { status: 200, body: { webhook: specWebhook(webhook) } };
      }
      case ROUTES.updateWebhook: {
        const body = json();
        const webhook = webhooks.get(String(body.webhook_id));
        if (!webhook || typeof body.name !== 'string' || typeof body.url !== 'string') {
          return { status: 400, body: error('webhook_id, name and url are required') };
        }
        const filters = (body.subscription ?? {}) as StandInWebhook['filters'];
        const cast = filters['cast.created'] ?? {};
        for (const list of ['mentioned_fids', 'parent_author_fids']) {
          if (((cast[list] as unknown[] | undefined)?.length ?? 0) > maxFidsPerFilter) {
            return { status: 400, body: error(`${list} has more than ${maxFidsPerFilter} fids`) };
          }
        }
        Object.assign(webhook, { title: body.name, target_url: body.url, filters });
        return { status: 200, body: { success: true, message: 'Webhook updated', webhook: specWebhook(webhook) } };
      }
      default:
        return { status: 404, body: error(`no route ${request.method} ${url.pathname}`, 'NotFound') };
    }
  };

  const handle = async (request: RecordedRequest, response: ServerResponse) => {
    const url = new URL(request.url, 'http://localhost');
    const name = `${request.method} ${url.pathname}`;
    const delay = delays.get(name as StandInRoute);
    const answer = (status: number, body: unknown) => {
      // A caller whose budget ran out has hung up: nothing to answer.
      const send = () => !response.destroyed && sendJson(response, status, body);
      if (delay) setTimeout(send, delay);
      else send();
    };
    if (request.headers['x-api-key'] !== STAND_IN_API_KEY) {
      return answer(401, error('Unauthorized', 'Unauthorized'));
    }
    const override = overrides.get(name);
    if (override) {
      overrides.delete(name);
      if (!override.offSpec) check(url.pathname, request.method, override.status, override.body);
      return answer(override.status, override.body);
    }
    // A body the spec's requestBody schema refuses is refused as Neynar would, and recorded.
    if (request.body) {
      const refused = specRequestViolations({
        method: request.method,
        path: url.pathname,
        body: JSON.parse(request.body),
      });
      if (refused.length > 0) {
        violations.push(...refused);
        return answer(400, error(refused[0]!));
      }
    }
    const { status, body } = await route(request, url);
    const problems = check(url.pathname, request.method, status, body);
    if (problems.length > 0) return answer(500, { message: `stand-in answer breaks Neynar's spec: ${problems[0]}` });
    answer(status, body);
  };

  const check = (path: string, method: string, status: number, body: unknown) => {
    const problems = specViolations({ method, path, status, body });
    violations.push(...problems);
    return problems;
  };

  const server = await startFakeHttp(handle);
  return {
    ...server,
    users,
    casts,
    takenFnames,
    webhooks,
    /** Spec violations in the stand-in's own answers: a test ends with none. */
    violations,
    delays,
    routes: ROUTES,
    /** The next call to `route` answers this (checked against the spec unless `offSpec`). */
    failNext(route: StandInRoute, status: number, body: unknown, options: { offSpec?: boolean } = {}) {
      overrides.set(route, { status, body, offSpec: options.offSpec ?? false });
    },
    /** Accounts registered through POST /v2/farcaster/user/. */
    registered: () => accounts.length,
    addUser(user: Parameters<typeof specUser>[0]) {
      const full = specUser(user);
      users.set(user.fid, full);
      return full;
    },
    addWebhook(id: string, filters: StandInWebhook['filters'] = {}) {
      webhooks.set(id, {
        webhook_id: id,
        title: `fartwin ${id}`,
        target_url: 'https://fartwin.example.com/webhook/neynar',
        filters,
      });
    },
    /** The fids a webhook's cast.created filter lists (mentioned_fids, parent_author_fids). */
    castFilter(id: string) {
      const cast = webhooks.get(id)?.filters['cast.created'] ?? {};
      return {
        mentioned: (cast.mentioned_fids as number[] | undefined) ?? [],
        replies: (cast.parent_author_fids as number[] | undefined) ?? [],
      };
    },
    limitFiltersTo(max: number) {
      maxFidsPerFilter = max;
    },
    /** Calls made, as "METHOD /path/". */
    calls: () => server.requests.map((request) => `${request.method} ${new URL(request.url, 'http://x').pathname}`),
  };
}

export type NeynarStandIn = Awaited<ReturnType<typeof startNeynarStandIn>>;

function specWebhook(webhook: StandInWebhook) {
  const at = '2026-11-01T00:00:00.000Z';
  return {
    object: 'webhook',
    webhook_id: webhook.webhook_id,
    developer_uuid: '2a1f7a3b-0000-4000-8000-000000000001',
    target_url: webhook.target_url,
    title: webhook.title,
    secrets: [
      {
        uid: `secret-${webhook.webhook_id}`,
        value: 'whsec',
        expires_at: at,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      },
    ],
    description: '',
    http_timeout: '10s',
    rate_limit: 1000,
    active: true,
    rate_limit_duration: '1m',
    created_at: at,
    updated_at: at,
    deleted_at: null,
    subscription: {
      object: 'webhook_subscription',
      subscription_id: `sub-${webhook.webhook_id}`,
      filters: webhook.filters,
      created_at: at,
      updated_at: at,
    },
  };
}
