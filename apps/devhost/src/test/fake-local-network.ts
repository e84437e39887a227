import type { FeedCast, LocalProfile, LocalUser } from '@fartwin/protocol';
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

export function feedCast(hash: `0x${string}`, author: LocalUser, text: string, embeds: string[] = []): FeedCast {
  return { hash, text, embeds, parentHash: null, createdAt: new Date().toISOString(), author };
}

interface Handled {
  status?: number;
  body: unknown;
}

/**
 * The bot service's /local-network API and the dev host backend's /client API as a fetch double:
 * answers what a test sets per route ("METHOD /path") and records every request (method, path
 * with query, JSON body). By default nobody added the mini-app and inboxes are empty.
 */
export function fakeLocalNetwork(routes: Record<string, (body: unknown) => Handled> = {}) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  const state = {
    users: [localUser(1001, 'alice'), localUser(1002, 'bob')] as LocalUser[],
    casts: [] as FeedCast[],
    profiles: new Map<number, LocalProfile>(),
  };
  const defaults: Record<string, (body: unknown, path: string) => Handled> = {
    'GET /local-network/users': () => ({ body: { users: state.users } }),
    'GET /local-network/feed': () => ({ body: { casts: state.casts } }),
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
      ? handler(body, url.pathname)
      : { status: 404, body: { error: `No route ${key}`, code: 'not_found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });

  // Single casts and profiles, from what the test put in `state`.
  function lookups(key: string): ((body: unknown, path: string) => Handled) | undefined {
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
    return undefined;
  }

  vi.stubGlobal('fetch', fetch);
  return { requests, state, fetch };
}
