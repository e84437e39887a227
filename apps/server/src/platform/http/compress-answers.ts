import type { MiddlewareHandler } from 'hono';
import { matchesIfNoneMatch } from './caching.ts';
import {
  COMPRESS_THRESHOLD_BYTES,
  chooseEncoding,
  compressBody,
  encodedEtag,
  varyOnAcceptEncoding,
} from './content-encoding.ts';
import { requestHeader } from './request-header.ts';

/** JSON and HTML: what the routes answer in text. Never text/event-stream, which must go out as it is made. */
const COMPRESSIBLE = /^\s*(?:application\/json|text\/html)\s*(?:;|$)/i;

/**
 * Compresses JSON and HTML answers of COMPRESS_THRESHOLD_BYTES or more in the best encoding the
 * request accepts (brotli, else gzip), with Content-Length, Vary and a per-encoding ETag (and a 304
 * to a client that holds that encoding's). Why not Hono's compress(): it streams every body through
 * CompressionStream (gzip or deflate only, no Content-Length), cannot see the size of a body that
 * does not declare it (c.json's), so its threshold does not apply, and counts text/event-stream as
 * compressible, which would hold back the chat's stream. Answers that already carry an encoding
 * (precompressed files, held public answers) pass untouched; a request that accepts no encoding
 * costs one header read.
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('content-type');
    if (!type || !COMPRESSIBLE.test(type) || res.headers.has('content-encoding') || !res.body) return;
    if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('cache-control') ?? '')) return;
    res.headers.set('vary', varyOnAcceptEncoding(res.headers.get('vary')));
    const encoding =
      c.req.method === 'GET' && res.status === 200 ? chooseEncoding(requestHeader(c, 'accept-encoding')) : undefined;
    const declaredLength = res.headers.get('content-length');
    if (!encoding || (declaredLength && Number(declaredLength) < COMPRESS_THRESHOLD_BYTES)) return;
    const bytes = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    const answer = (body: Uint8Array<ArrayBuffer> | null, status: number) => {
      // Unset first: Hono copies the replaced answer's headers (its ETag, a Content-Length) over a new one.
      c.res = undefined;
      c.res = new Response(body, { status, headers });
    };
    if (bytes.byteLength < COMPRESS_THRESHOLD_BYTES) {
      headers.set('content-length', String(bytes.byteLength));
      return answer(bytes, res.status);
    }
    const etag = headers.get('etag');
    if (etag) {
      headers.set('etag', encodedEtag(etag, encoding));
      if (matchesIfNoneMatch(requestHeader(c, 'if-none-match'), headers.get('etag')!.replace(/^W\//, ''))) {
        for (const name of ['content-type', 'content-length']) headers.delete(name);
        return answer(null, 304);
      }
    }
    const body = compressBody(bytes, encoding);
    headers.set('content-encoding', encoding);
    headers.set('content-length', String(body.byteLength));
    answer(body, res.status);
  };
}
