import type { TokenLaunchInfo } from '@fartwin/protocol';
import { TOKEN_INTERFACE } from '../platform/chain/token-launcher.ts';
import type { FarcasterUser } from '../platform/providers/farcaster-data.ts';
import { USERNAME_MAX_LENGTH } from '../platform/providers/farcaster-usernames.ts';

const TWIN_SUFFIX = '-twin';
const SYMBOL_MAX_LENGTH = 10;
const DISPLAY_NAME_MAX_LENGTH = 32;

/** The twin's wanted username: the owner's, cut to fit, with "-twin" (e.g. "alice-twin"). */
export function twinUsername(ownerUsername: string): string {
  const base = ownerUsername
    .toLowerCase()
    .replace(/\.eth$/, '')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/^-+/, '');
  return `${(base || 'fartwin').slice(0, USERNAME_MAX_LENGTH - TWIN_SUFFIX.length)}${TWIN_SUFFIX}`;
}

/** The token symbol: the owner's username in capitals, letters and digits only (e.g. "ALICE"). */
export function tokenSymbol(ownerUsername: string): string {
  const letters = ownerUsername
    .replace(/\.eth$/, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  return (letters || 'TWIN').slice(0, SYMBOL_MAX_LENGTH);
}

/** How the twin presents itself on Farcaster. */
export function twinProfile(owner: Pick<FarcasterUser, 'username' | 'displayName' | 'pfpUrl'>) {
  const displayName = `${owner.displayName || owner.username} (twin)`;
  return {
    username: twinUsername(owner.username),
    displayName: displayName.length > DISPLAY_NAME_MAX_LENGTH ? `${displayName.slice(0, 31)}…` : displayName,
    bio: `AI twin of @${owner.username}: an agent that talks like them, not the person. Runs on a battery: 1 USDC buys 7 more days of life.`,
    pfpUrl: owner.pfpUrl,
  };
}

/** The twin's first cast. */
export function welcomeCastText(twin: { username: string }, owner: { username: string }, symbol: string): string {
  return `gm farcaster! I'm @${twin.username}, the AI twin of @${owner.username}. Battery full for 7 days, token $${symbol} live. Ask me anything.`;
}

/** A Farcaster profile's public page. */
export function farcasterProfileUrl(username: string): string {
  return `https://farcaster.xyz/${encodeURIComponent(username)}`;
}

/**
 * What the twin's token says of who launched it: the twin's avatar, "@{owner}'s AI twin on Fartwin",
 * the twin's Farcaster profile, and where it was launched from (Farcaster, by the owner's fid, from
 * the welcome cast when it is already out: the pipeline casts it after the token, so it rarely is).
 */
export function tokenLaunchInfo(launch: {
  ownerFid: number;
  ownerUsername: string;
  twinUsername: string;
  twinPfpUrl: string | null;
  welcomeCastHash: string | null;
}): TokenLaunchInfo {
  return {
    image: launch.twinPfpUrl ?? '',
    metadata: {
      description: `@${launch.ownerUsername}'s AI twin on Fartwin`,
      socialMediaUrls: [{ platform: 'farcaster', url: farcasterProfileUrl(launch.twinUsername) }],
    },
    // Clanker's key order: interface, platform, messageId, id.
    context: {
      interface: TOKEN_INTERFACE,
      platform: 'farcaster',
      ...(launch.welcomeCastHash ? { messageId: launch.welcomeCastHash } : {}),
      id: String(launch.ownerFid),
    },
  };
}
