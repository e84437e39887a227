import type { ComposeDraft } from '../sheets/host-sheets.ts';

/** Farcaster clients' web hosts; their `/~/compose` URLs open the composer. */
const CLIENT_HOSTS = new Set(['farcaster.xyz', 'www.farcaster.xyz', 'warpcast.com', 'www.warpcast.com']);

/**
 * The draft in a compose intent URL (`https://farcaster.xyz/~/compose?text=…&embeds[]=…`), as a
 * mini-app opens with `openUrl` or a link; null for any other URL.
 */
export function composeDraftFromUrl(url: string): ComposeDraft | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (!CLIENT_HOSTS.has(parsed.hostname) || parsed.pathname.replace(/\/$/, '') !== '/~/compose') return null;
  const { searchParams } = parsed;
  const parentHash = searchParams.get('parentCastHash');
  const channelKey = searchParams.get('channelKey');
  return {
    text: searchParams.get('text') ?? '',
    // A cast has two embeds at most, as composeCast's options say.
    embeds: searchParams.getAll('embeds[]').slice(0, 2) as ComposeDraft['embeds'],
    ...(parentHash ? { parent: { type: 'cast', hash: parentHash } } : {}),
    ...(channelKey ? { channelKey } : {}),
  };
}

/** The cast a Farcaster cast URL points at (`https://farcaster.xyz/alice/0xabc…`), for quote previews. */
export function castFromUrl(url: string): { username: string; hash: string } | null {
  try {
    const parsed = new URL(url);
    const match = /^\/([^/~]+)\/(0x[0-9a-fA-F]{8,40})\/?$/.exec(parsed.pathname);
    if (!CLIENT_HOSTS.has(parsed.hostname) || !match) return null;
    return { username: match[1]!, hash: match[2]!.toLowerCase() };
  } catch {
    return null;
  }
}
