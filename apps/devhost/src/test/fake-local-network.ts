import {
  type DirectMessage,
  type FeedCast,
  type LocalProfile,
  type LocalTwin,
  type LocalUser,
  newCastRequestSchema,
  newDirectMessageRequestSchema,
} from '@fartwin/protocol';
import { vi } from 'vitest';

export const API_URL = 'http://api.test';
/** The dev host's own origin in component tests (vitest.config.ts's happy-dom url): its backend's /client routes. */
const DEVHOST_URL = 'http://localhost:3000';

export function localUser(fid: number, username = `user${fid}`): LocalUser {
  return {
    fid,
    username,
    displayName: username.toUpperCase(),
    pfpUrl: `${API_URL}/local-network/avatars/${fid}.svg`,
    custodyAddress: `0x${fid.toString(16).padStart(40, '0')}`,
  };
}

export function feedCast(
  hash: `0x${string}`,
  author: Pick<LocalUser, 'fid' | 'username' | 'displayName' | 'pfpUrl'>,
  text: string,
  embeds: string[] = [],
  parentHash: string | null = null,
): FeedCast {
  const { fid, username, displayName, pfpUrl } = author;
  return {
    hash,
    text,
    embeds,
    parentHash,
    createdAt: new Date().toISOString(),
    author: { fid, username, displayName, pfpUrl },
  };
}

export function localTwin(fid: number, username: string, ownerFid: number): LocalTwin {
  const { displayName, pfpUrl } = localUser(fid, username);
  return { fid, username, displayName, pfpUrl, agentId: String(fid - 500_000), ownerFid };
}

interface Handled {
  status?: number;
  body: unknown;
}

type Handler = (body: unknown, path: string, query: URLSearchParams) => Handled;

const invalid = (error: { issues: { message: string }[] }): Handled => ({
  status: 400,
  body: { error: error.issues.map((issue) => issue.message).join('; '), code: 'invalid_request' },
});

/**
 * The bot service's /local-network API and the dev host backend's /client API as a fetch double:
 * answers what a test sets per route ("METHOD /path") and records every request (method, path
 * with query, JSON body). By default nobody added the mini-app (nor saved it in the Base App) and
 * inboxes are empty; casts and
 * direct messages are kept in `state` as the network would (newest cast first, messages by id).
 */
export function fakeLocalNetwork(routes: Record<string, Handler> = {}) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  const state = {
    users: [localUser(1001, 'alice'), localUser(1002, 'bob')] as LocalUser[],
    casts: [] as FeedCast[],
    profiles: new Map<number, LocalProfile>(),
    twins: [] as LocalTwin[],
    directMessages: [] as DirectMessage[],
  };
  const account = (fid: number) =>
    state.users.find((user) => user.fid === fid) ?? state.twins.find((twin) => twin.fid === fid);
  const unknownFid = (fid: number): Handled => ({
    status: 404,
    body: { error: `No local account with fid ${fid}`, code: 'unknown_fid' },
  });

  /** A message as the network stores it (a twin's answer, when a test plays the bot service). */
  function addDirectMessage(fromFid: number, toFid: number, text: string): DirectMessage {
    const message = { id: state.directMessages.length + 1, fromFid, toFid, text, createdAt: new Date().toISOString() };
    state.directMessages.push(message);
    return message;
  }

  const defaults: Record<string, Handler> = {
    'GET /local-network/users': () => ({ body: { users: state.users } }),
    'GET /local-network/feed': () => ({ body: { casts: state.casts } }),
    'POST /local-network/casts': (body) => {
      const request = newCastRequestSchema.safeParse(body);
      if (!request.success) return invalid(request.error);
      const { fid, text, embeds, parentHash } = request.data;
      const author = account(fid);
      if (!author) return unknownFid(fid);
      const hash = `0x${(state.casts.length + 1).toString(16).padStart(40, 'c')}` as const;
      state.casts = [feedCast(hash, author, text, embeds, parentHash ?? null), ...state.casts];
      return { status: 201, body: { hash } };
    },
    'GET /local-network/twins': () => ({ body: { twins: state.twins } }),
    'GET /local-network/direct-messages': (_body, _path, query) => {
      const [fid, other] = [Number(query.get('fid')), Number(query.get('with'))];
      const between = (message: DirectMessage) =>
        (message.fromFid === fid && message.toFid === other) || (message.fromFid === other && message.toFid === fid);
      return { body: { messages: state.directMessages.filter(between) } };
    },
    'POST /local-network/direct-messages': (body) => {
      const request = newDirectMessageRequestSchema.safeParse(body);
      if (!request.success) return invalid(request.error);
      const { fromFid, toFid, text } = request.data;
      const unknown = [fromFid, toFid].find((fid) => !account(fid));
      if (unknown !== undefined) return unknownFid(unknown);
      return { status: 201, body: { message: addDirectMessage(fromFid, toFid, text) } };
    },
  };
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.origin !== API_URL && url.origin !== DEVHOST_URL) throw new TypeError(`fetch to ${url.origin} in a test`);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const path = `${url.pathname}${url.search}`;
    requests.push({ method, path, body });
    const key = `${method} ${url.pathname}`;
    const handler = routes[key] ?? defaults[key] ?? lookups(key);
    const answer = handler
      ? handler(body, url.pathname, url.searchParams)
      : { status: 404, body: { error: `No route ${key}`, code: 'not_found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });

  // Single casts and profiles, from what the test put in `state`.
  function lookups(key: string): Handler | undefined {
    const cast = /^GET \/local-network\/casts\/(0x[0-9a-f]+)$/.exec(key);
    if (cast) {
      const found = state.casts.find((candidate) => candidate.hash === cast[1]);
      return () =>
        found ? { body: { cast: found } } : { status: 404, body: { error: 'No cast', code: 'unknown_cast' } };
    }
    const profile = /^GET \/local-network\/users\/(\d+)$/.exec(key);
    if (profile) {
      const found = state.profiles.get(Number(profile[1]));
      return () =>
        found ? { body: { user: found } } : { status: 404, body: { error: 'No user', code: 'unknown_fid' } };
    }
    const installation = /^GET \/client\/installations\/(\d+)$/.exec(key);
    if (installation)
      return () => ({ body: { fid: Number(installation[1]), added: false, notificationDetails: null } });
    if (/^GET \/client\/inbox\/\d+$/.test(key)) return () => ({ body: { notifications: [] } });
    // The Base App's side of a wallet: by default it never saved the app, and its inbox is empty.
    if (/^GET \/client\/base\/users\/0x[0-9a-fA-F]{40}$/.test(key))
      return () => ({ body: { saved: false, notificationsEnabled: false } });
    if (/^GET \/client\/base\/inbox\/0x[0-9a-fA-F]{40}$/.test(key)) return () => ({ body: { notifications: [] } });
    return undefined;
  }

  vi.stubGlobal('fetch', fetch);
  return { requests, state, fetch, addDirectMessage };
}
