import type { Context } from 'hono';
import { LRUCache } from 'lru-cache';
import { etagOf, matchesIfNoneMatch } from './caching.ts';

/** A JSON answer as sent: its body, serialised and encoded once, and the ETag of that body. */
export interface JsonAnswer {
  body: string;
  /** The body's UTF-8 bytes: sent as they are, so a cached answer costs no encoding per request. */
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** Answers kept at most (a directory page is ~10 kB). */
const MAX_ANSWERS = 2_000;

/**
 * A short in-memory cache of public JSON answers (directory pages, a user's twins): many users
 * loading the same page within `ttlMs` share one database read, serialisation and ETag. Concurrent
 * misses of one key share one read too. An answer `produce` gives as undefined is not kept. A TTL
 * of 0 caches nothing.
 */
export function answerCache(ttlMs: number) {
  const cache = new LRUCache<string, JsonAnswer, () => Promise<unknown>>({
    max: MAX_ANSWERS,
    ttl: Math.max(ttlMs, 1),
    fetchMethod: async (_key, _stale, { context }) => {
      const value = await context();
      return value === undefined ? undefined : jsonAnswer(value);
    },
  });
  return {
    get(key: string, produce: () => Promise<unknown>): Promise<JsonAnswer | undefined> {
      if (ttlMs <= 0) return produce().then((value) => (value === undefined ? undefined : jsonAnswer(value)));
      return cache.fetch(key, { context: produce });
    },
  };
}

/** A value as a JSON answer: serialised, encoded and given its ETag once. */
export function jsonAnswer(value: unknown): JsonAnswer {
  const body = JSON.stringify(value);
  return { body, bytes: new TextEncoder().encode(body), etag: etagOf(body) };
}

/** Sends a JSON answer with its ETag, or a bodiless 304 to a client that holds it. */
export function sendJsonAnswer(c: Context, answer: JsonAnswer, cacheControl: string): Response {
  const headers = { etag: answer.etag, 'cache-control': cacheControl };
  if (matchesIfNoneMatch(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304, headers);
  return c.body(answer.bytes, 200, { ...headers, 'content-type': 'application/json' });
}
