import { LIMITS } from '@fartwin/protocol';
import { imagePaths } from './app-identity.ts';

/**
 * A URL the app hands a Farcaster client (manifest, embeds, links in casts,
 * notification targets) is at most 512 characters. The app's URLs are PUBLIC_URL plus a short path,
 * so only a very long PUBLIC_URL breaks the rule: production refuses it at start-up
 * (`manifestProblems`), and anything built later is checked here rather than sent too long.
 */
export class UrlTooLongError extends Error {
  override name = 'UrlTooLongError';
}

/** `url` itself, or UrlTooLongError naming what it is for. */
export function checkedUrl(url: string, what: string): string {
  if (url.length > LIMITS.urlChars) {
    throw new UrlTooLongError(
      `${what} is ${url.length} characters; Farcaster clients take at most ${LIMITS.urlChars} (shorten PUBLIC_URL)`,
    );
  }
  return url;
}

/** A twin's page (/agent/{agentId}): what its embeds, welcome cast and dead notices link to. */
export function twinPageUrl(origin: string, agentId: string): string {
  return checkedUrl(`${origin}/agent/${encodeURIComponent(agentId)}`, 'A twin’s page URL');
}

/** An image the server renders (app-identity.ts's paths). */
export function imageUrl(origin: string, path: string): string {
  return checkedUrl(`${origin}${path}`, 'An image URL');
}

/** Twins' ids are UUIDs: the longest ones the app builds URLs from. */
const LONGEST_AGENT_ID = '00000000-0000-0000-0000-000000000000';

/** The URLs under `origin` that a twin adds beyond the manifest's own: its page and its card image. */
export function twinUrls(origin: string): Record<string, string> {
  return {
    'twin page': `${origin}/agent/${LONGEST_AGENT_ID}`,
    'twin card image': `${origin}${imagePaths.agent(LONGEST_AGENT_ID)}`,
  };
}
