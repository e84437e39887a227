import type { LocalUser } from '../host/local-user.ts';

/** A cast as the local network's feed lists it (apps/server/src/social/local-network.ts). */
export interface FeedCast {
  hash: `0x${string}`;
  text: string;
  embeds: string[];
  parentHash: string | null;
  createdAt: string;
  author: Pick<LocalUser, 'fid' | 'username' | 'displayName' | 'pfpUrl'>;
}

export type LocalProfile = LocalUser & { bio: string };

export interface NewCast {
  fid: number;
  text: string;
  embeds: string[];
  parentHash?: string;
}

/** The bot service's `{error, code}` answer, as an Error the sheets can show. */
export class LocalNetworkError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'LocalNetworkError';
  }
}

async function call<T>(apiUrl: string, path: string, init?: { method: 'POST'; body: unknown }): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: init?.method ?? 'GET',
    ...(init ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) } : {}),
  });
  const body = (await response.json().catch(() => null)) as (T & { error?: string; code?: string }) | null;
  if (!response.ok) {
    throw new LocalNetworkError(
      response.status,
      body?.code ?? 'http_error',
      body?.error ?? `The local social network answered ${response.status}`,
    );
  }
  return body as T;
}

/** The local social network's API on the bot service (local mode only). */
export const localNetwork = {
  users: (apiUrl: string) => call<{ users: LocalUser[] }>(apiUrl, '/local-network/users').then((body) => body.users),
  createUser: (apiUrl: string, request: { username?: string; displayName?: string } = {}) =>
    call<{ user: LocalUser }>(apiUrl, '/local-network/users', { method: 'POST', body: request }).then(
      (body) => body.user,
    ),
  profile: (apiUrl: string, fid: number) =>
    call<{ user: LocalProfile }>(apiUrl, `/local-network/users/${fid}`).then((body) => body.user),
  cast: (apiUrl: string, hash: string) =>
    call<{ cast: FeedCast }>(apiUrl, `/local-network/casts/${hash}`).then((body) => body.cast),
  publishCast: (apiUrl: string, cast: NewCast) =>
    call<{ hash: `0x${string}` }>(apiUrl, '/local-network/casts', { method: 'POST', body: cast }),
  feed: (apiUrl: string, options: { limit: number; fid?: number }) => {
    const query = new URLSearchParams({ limit: String(options.limit) });
    if (options.fid !== undefined) query.set('fid', String(options.fid));
    return call<{ casts: FeedCast[] }>(apiUrl, `/local-network/feed?${query}`).then((body) => body.casts);
  },
};

/** react-query keys: every feed (the panel, a profile's casts) starts with 'feed', so a new cast refreshes all. */
export const queryKeys = {
  users: ['users'] as const,
  feed: (options: { limit: number; fid?: number }) => ['feed', options] as const,
  allFeeds: ['feed'] as const,
  cast: (hash: string) => ['cast', hash] as const,
  profile: (fid: number) => ['profile', fid] as const,
};
