import type { Context } from '@farcaster/miniapp-host';
import type { FeedCast } from '@fartwin/protocol';
import type { LaunchLocation } from '../host/create-host.ts';
import { miniAppUser } from '../host/miniapp-user.ts';

/** A cast of the local feed as the SDK's context carries it (MiniAppCast): the author as a user, the time in ms. */
export function miniAppCast(cast: FeedCast): Context.MiniAppCast {
  const timestamp = Date.parse(cast.createdAt);
  return {
    author: miniAppUser(cast.author),
    hash: cast.hash,
    text: cast.text,
    embeds: [...cast.embeds],
    ...(cast.parentHash ? { parentHash: cast.parentHash } : {}),
    ...(Number.isNaN(timestamp) ? {} : { timestamp }),
  };
}

/**
 * What a client's share extension opens when a person shares `cast` to the mini-app: its share URL
 * (the app's home here: the manifest has no castShareUrl of its own) with the query parameters
 * clients add (castHash, castFid, viewerFid), and the cast in the context's location.
 */
export function castShareLaunch(cast: FeedCast, viewerFid: number): { path: string; location: LaunchLocation } {
  const query = new URLSearchParams({
    castHash: cast.hash,
    castFid: String(cast.author.fid),
    viewerFid: String(viewerFid),
  });
  return { path: `/?${query}`, location: { type: 'cast_share', cast: miniAppCast(cast) } };
}
