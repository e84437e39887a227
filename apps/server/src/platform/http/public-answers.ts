import type { Context, MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import { etagOf, matchesIfNoneMatch } from './caching.ts';
import {
  COMPRESS_THRESHOLD_BYTES,
  chooseEncoding,
  compressBody,
  type Encoding,
  encodedEtag,
} from './content-encoding.ts';
import { requestHeader } from './request-header.ts';

/** One representation of an answer, as sent. */
interface Representation {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  /**
   * Plain headers, not a Headers object: the Node adapter writes them as they are. They include
   * Content-Length, which the adapter would otherwise add to this very object.
   */
  headers: Readonly<Record<string, string>>;
  /** The headers of a 304: the validators and every-answer headers, no content ones. */
  notModifiedHeaders: Readonly<Record<string, string>>;
}

/**
 * A JSON answer as sent: its body, serialised once, and every header it goes out with. `bytes` are
 * its UTF-8 bytes, sent as they are, so a held answer costs no encoding per request.
 */
export interface JsonAnswer extends Representation {
  body: string;
  /** Whether it is large enough to compress (then it varies on Accept-Encoding). */
  compressible: boolean;
  /** Its compressed representations, each made once, when a client first accepts it. */
  encoded: Partial<Record<Encoding, Representation>>;
}

/** Answers kept at most (a directory page is ~10 kB). */
const MAX_ANSWERS = 2_000;

type Produce = () => Promise<unknown>;

export interface PublicAnswers {
  /**
   * Middleware, right after the request log: a GET whose answer is held is answered from memory at
   * once (200, or 304 to a client holding it), without the routing, middleware and handler that
   * produced it. Anything else goes on.
   */
  held: MiddlewareHandler;
  /**
   * The route's answer, under `key`, what it depends on (not the URL, whose query may carry anything):
   * produced once per key within the TTL (concurrent requests share one read), and held for `held`
   * under this request's URL until it expires. Undefined, and nothing kept, when `produce` gives undefined.
   */
  answer(c: Context, key: string, cacheControl: string, produce: Produce): Promise<Response | undefined>;
  /** An answer sent as it is and not kept (one that changes per request). */
  send(c: Context, value: unknown, cacheControl: string): Response;
}

/**
 * Public JSON answers many users load alike (directory pages, a user's twins), kept `ttlMs` per
 * replica: within it, many users loading the same URL share one database read, serialisation and
 * ETag, and are answered before the rest of the middleware runs, so the answer must already carry
 * every header the service adds (`everyAnswerHeaders`, the security headers). A TTL of 0 keeps nothing.
 */
export function publicAnswers(options: {
  ttlMs: number;
  everyAnswerHeaders: Readonly<Record<string, string>>;
  /** The clock the TTL runs on (tests move one by hand: it is then read on every check). */
  clock?: { now(): number };
}) {
  const { ttlMs, everyAnswerHeaders } = options;
  const timing = options.clock ? { perf: options.clock, ttlResolution: 0 } : {};
  const toAnswer = (value: unknown, cacheControl: string): JsonAnswer => {
    const body = JSON.stringify(value);
    const bytes = new TextEncoder().encode(body);
    const etag = etagOf(body);
    const compressible = bytes.byteLength >= COMPRESS_THRESHOLD_BYTES;
    const vary: Record<string, string> = compressible ? { vary: 'Accept-Encoding' } : {};
    const notModifiedHeaders = { ...everyAnswerHeaders, ...vary, etag, 'cache-control': cacheControl };
    return {
      body,
      bytes,
      etag,
      headers: {
        ...notModifiedHeaders,
        'content-type': 'application/json',
        'content-length': String(bytes.byteLength),
      },
      notModifiedHeaders,
      compressible,
      encoded: {},
    };
  };
  const cache = new LRUCache<string, JsonAnswer, { produce: Produce; cacheControl: string }>({
    max: MAX_ANSWERS,
    ttl: Math.max(ttlMs, 1),
    ...timing,
    fetchMethod: async (_key, _stale, { context }) => {
      const value = await context.produce();
      return value === undefined ? undefined : toAnswer(value, context.cacheControl);
    },
  });

  // The answers by URL, for `held`: each entry lives no longer than the answer it points to.
  const byUrl = new LRUCache<string, JsonAnswer>({ max: MAX_ANSWERS, ttl: Math.max(ttlMs, 1), ...timing });

  const answers: PublicAnswers = {
    held: (c, next) => {
      if (ttlMs <= 0 || c.req.method !== 'GET') return next();
      const held = byUrl.get(urlKey(c));
      return held ? Promise.resolve(respond(c, held)) : next();
    },
    async answer(c, key, cacheControl, produce) {
      if (ttlMs <= 0) {
        const value = await produce();
        return value === undefined ? undefined : respond(c, toAnswer(value, cacheControl));
      }
      const answer = await cache.fetch(key, { context: { produce, cacheControl } });
      if (!answer) return undefined;
      const ttl = cache.getRemainingTTL(key);
      if (ttl > 0) byUrl.set(urlKey(c), answer, { ttl });
      return respond(c, answer);
    },
    send: (c, value, cacheControl) => respond(c, toAnswer(value, cacheControl)),
  };
  return answers;
}

/**
 * The answer in the best encoding the request accepts, or a bodiless 304 with its validators to a
 * client that holds that representation.
 */
function respond(c: Context, answer: JsonAnswer): Response {
  const encoding = answer.compressible ? chooseEncoding(requestHeader(c, 'accept-encoding')) : undefined;
  const sent = encoding ? encodedRepresentation(answer, encoding) : answer;
  return matchesIfNoneMatch(requestHeader(c, 'if-none-match'), sent.etag)
    ? new Response(null, { status: 304, headers: sent.notModifiedHeaders })
    : new Response(sent.bytes, { headers: sent.headers });
}

/** The answer compressed, made on the first request that accepts `encoding` and kept with it. */
function encodedRepresentation(answer: JsonAnswer, encoding: Encoding): Representation {
  const made = answer.encoded[encoding];
  if (made) return made;
  const bytes = compressBody(answer.bytes, encoding);
  const etag = encodedEtag(answer.etag, encoding);
  const notModifiedHeaders = { ...answer.notModifiedHeaders, etag };
  const representation: Representation = {
    bytes,
    etag,
    headers: {
      ...answer.headers,
      etag,
      'content-encoding': encoding,
      'content-length': String(bytes.byteLength),
    },
    notModifiedHeaders,
  };
  answer.encoded[encoding] = representation;
  return representation;
}

/** The URL's path and query, whatever Host it was asked through. */
function urlKey(c: Context): string {
  const url = c.req.url;
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}
