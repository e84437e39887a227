import {
  castResponseSchema,
  directMessageResponseSchema,
  directMessagesResponseSchema,
  feedResponseSchema,
  localProfileResponseSchema,
  localTwinsResponseSchema,
  localUserResponseSchema,
  localUsersResponseSchema,
  type NewCastRequest,
  type NewDirectMessageRequest,
  type NewLocalUserRequest,
  newCastResponseSchema,
} from '@fartwin/protocol';
import { queryOptions } from '@tanstack/react-query';
import { callJson as call } from './json-call.ts';

/** The local social network's API on the bot service (local mode only; shapes in @fartwin/protocol). */
export const localNetwork = {
  users: (apiUrl: string) => call(apiUrl, '/local-network/users', localUsersResponseSchema).then((body) => body.users),
  createUser: (apiUrl: string, request: NewLocalUserRequest = {}) =>
    call(apiUrl, '/local-network/users', localUserResponseSchema, { method: 'POST', body: request }).then(
      (body) => body.user,
    ),
  profile: (apiUrl: string, fid: number) =>
    call(apiUrl, `/local-network/users/${fid}`, localProfileResponseSchema).then((body) => body.user),
  cast: (apiUrl: string, hash: string) =>
    call(apiUrl, `/local-network/casts/${hash}`, castResponseSchema).then((body) => body.cast),
  publishCast: (apiUrl: string, cast: NewCastRequest) =>
    call(apiUrl, '/local-network/casts', newCastResponseSchema, { method: 'POST', body: cast }),
  feed: (apiUrl: string, options: { limit: number; fid?: number }) => {
    const query = new URLSearchParams({ limit: String(options.limit) });
    if (options.fid !== undefined) query.set('fid', String(options.fid));
    return call(apiUrl, `/local-network/feed?${query}`, feedResponseSchema).then((body) => body.casts);
  },
  twins: (apiUrl: string) => call(apiUrl, '/local-network/twins', localTwinsResponseSchema).then((body) => body.twins),
  /** The conversation between `fid` and `with`, oldest first. */
  directMessages: (apiUrl: string, between: { fid: number; with: number }) => {
    const query = new URLSearchParams({ fid: String(between.fid), with: String(between.with) });
    return call(apiUrl, `/local-network/direct-messages?${query}`, directMessagesResponseSchema).then(
      (body) => body.messages,
    );
  },
  sendDirectMessage: (apiUrl: string, message: NewDirectMessageRequest) =>
    call(apiUrl, '/local-network/direct-messages', directMessageResponseSchema, { method: 'POST', body: message }).then(
      (body) => body.message,
    ),
};

/** react-query keys: every feed (the panel, a profile's casts) starts with 'feed', so a new cast refreshes all. */
export const queryKeys = {
  users: ['users'] as const,
  feed: (options: { limit: number; fid?: number }) => ['feed', options] as const,
  allFeeds: ['feed'] as const,
  cast: (hash: string) => ['cast', hash] as const,
  profile: (fid: number) => ['profile', fid] as const,
  twins: ['twins'] as const,
  directMessages: (fid: number, withFid: number) => ['direct-messages', fid, withFid] as const,
};

/** One cast by hash (a quoted cast, a reply's parent): read once and shared by every place that shows it. */
export const castQuery = (apiUrl: string, hash: string) =>
  queryOptions({ queryKey: queryKeys.cast(hash), queryFn: () => localNetwork.cast(apiUrl, hash) });
