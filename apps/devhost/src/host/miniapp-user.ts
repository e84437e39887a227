import type { Context } from '@farcaster/miniapp-host';
import type { LocalUser } from '@fartwin/protocol';

/** A person of the local network as the SDK's context names one (the user, a cast's author). */
export function miniAppUser(user: Pick<LocalUser, 'fid' | 'username' | 'displayName' | 'pfpUrl'>): Context.MiniAppUser {
  return {
    fid: user.fid,
    username: user.username,
    displayName: user.displayName,
    ...(user.pfpUrl ? { pfpUrl: user.pfpUrl } : {}),
  };
}
