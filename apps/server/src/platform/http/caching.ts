import { createHash } from 'node:crypto';

/**
 * Cache-Control of the public directory's pages: a CDN in front may serve a page for a few seconds
 * (lives move one indexer tick at a time anyway); browsers revalidate every time, cheaply, with the ETag.
 */
export const DIRECTORY_CACHE_CONTROL = 'public, max-age=0, s-maxage=5';

/** A user's twins change the moment a deploy completes: anyone may store them, nobody may reuse them unchecked. */
export const REVALIDATE_CACHE_CONTROL = 'public, no-cache';

/** A strong validator for a representation known before it is produced (e.g. the SVG a PNG is rendered from). */
export function etagOf(source: string): string {
  return `"${createHash('sha1').update(source).digest('base64url')}"`;
}

/** Whether an If-None-Match header names `etag` (weak or strong, RFC 9110's weak comparison). */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
