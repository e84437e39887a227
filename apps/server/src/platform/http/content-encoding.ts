import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parseAccept } from 'hono/utils/accept';
import { LRUCache } from 'lru-cache';

/** The encodings the service sends, best first: brotli is smaller, gzip is understood everywhere. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Answers below this many bytes go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** A few distinct Accept-Encoding values cover nearly every client: each is parsed once. */
const chosen = new LRUCache<string, Encoding | 'identity'>({ max: 256 });

/**
 * The best of `offered` that an Accept-Encoding header allows: the highest q, ties going to our
 * order (br before gzip, whatever order the client lists them in). `q=0` refuses an encoding, `*`
 * stands for any encoding not named. Undefined: identity.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  offered: readonly Encoding[] = ENCODINGS,
): Encoding | undefined {
  if (!acceptEncoding || offered.length === 0) return undefined;
  const all = offered === ENCODINGS;
  if (all) {
    const known = chosen.get(acceptEncoding);
    if (known) return known === 'identity' ? undefined : known;
  }
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((accept) => accept.type === '*')?.q ?? 0;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of ENCODINGS) {
    if (!offered.includes(encoding)) continue;
    const q = accepts.find((accept) => accept.type.toLowerCase() === encoding)?.q ?? wildcard;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  if (all) chosen.set(acceptEncoding, best?.encoding ?? 'identity');
  return best?.encoding;
}

/** Compression for answers made per request: fast settings, as a body is compressed each time it is made. */
export function compressBody(bytes: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
        })
      : gzipSync(bytes, { level: 6 });
  return new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength) as Uint8Array<ArrayBuffer>;
}

/**
 * The ETag of an encoded representation: each encoding is a representation of its own (RFC 9110
 * 8.8.3), so a cache holding the gzip bytes never takes brotli bytes for them on a 304.
 */
export function encodedEtag(etag: string, encoding: Encoding): string {
  const weak = etag.startsWith('W/');
  const opaque = weak ? etag.slice(2) : etag;
  return `${weak ? 'W/' : ''}${opaque.slice(0, -1)}-${encoding}"`;
}

/** Vary with Accept-Encoding added (once). */
export function varyOnAcceptEncoding(vary: string | null | undefined): string {
  if (!vary) return 'Accept-Encoding';
  if (vary === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) return vary;
  return `${vary}, Accept-Encoding`;
}
