import { createReadStream, type Stats, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { matchesIfNoneMatch } from './caching.ts';
import { chooseEncoding, ENCODINGS, type Encoding } from './content-encoding.ts';

/** The file name suffix of each encoding's copy, as the build writes them (vite-plugin-compression2). */
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** Vite's content-hashed output (`/assets/name-HASH.ext`): a new build gives a new name, never new bytes. */
const HASHED_ASSET = /^\/assets\/[^/]+-[\w-]{8}\.[a-z0-9]+(?:\.map)?$/i;
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Unhashed files (icons) keep their name across builds: stored, but checked each time. */
export const REVALIDATE_FILE_CACHE_CONTROL = 'public, no-cache';

/** A path no file can have (a name over the file system's limit, a file taken for a folder) names none. */
const NO_SUCH_PATH = new Set(['ENAMETOOLONG', 'ENOTDIR']);

const fileStats = (path: string): Stats | undefined => {
  try {
    const stats = statSync(path, { throwIfNoEntry: false });
    return stats?.isFile() ? stats : undefined;
  } catch (error) {
    if (NO_SUCH_PATH.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
};

/** The file under `root` that a URL path names, or undefined for one that leaves it or cannot be decoded. */
function fileUnder(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const file = resolve(root, `.${decoded}`);
  return file.startsWith(root + sep) ? file : undefined;
}

/**
 * Serves the files of a build directory, each in the best encoding the request accepts among the
 * copies the build wrote beside it (`file.br`, `file.gz`), else as it is. Why not @hono/node-server's
 * serveStatic({precompressed}): it matches Accept-Encoding's tokens literally (so `gzip;q=0.8` is
 * refused and `br;q=0` is never read), sets Vary only on encoded answers, and has no ETags or 304s.
 *
 * Each answer carries Vary: Accept-Encoding (when copies exist), its own Content-Length, and an ETag
 * of the bytes sent (size and time of the file sent, and its encoding), so each encoding revalidates
 * on its own. Hashed assets are cached for a year; other files are revalidated. A path that names no
 * file goes on.
 */
export function precompressedFiles(distDir: string): MiddlewareHandler {
  const root = resolve(distDir);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = c.req.path;
    const file = fileUnder(root, path);
    const original = file ? fileStats(file) : undefined;
    if (!file || !original) return next();
    const copies = ENCODINGS.filter((encoding) => fileStats(file + SUFFIX[encoding]));
    const encoding = chooseEncoding(c.req.header('accept-encoding'), copies);
    const sentFile = encoding ? file + SUFFIX[encoding] : file;
    const sent = encoding ? fileStats(sentFile) : original;
    // Removed between the two looks (a rebuild): the next request sees the new build.
    if (!sent) return next();
    const etag = `"${sent.size.toString(36)}-${Math.trunc(sent.mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;
    const headers: Record<string, string> = {
      'content-type': getMimeType(file) ?? 'application/octet-stream',
      'cache-control': HASHED_ASSET.test(path) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_FILE_CACHE_CONTROL,
      etag,
    };
    if (copies.length > 0) headers.vary = 'Accept-Encoding';
    if (matchesIfNoneMatch(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = String(sent.size);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    const body = Readable.toWeb(createReadStream(sentFile)) as ReadableStream<Uint8Array>;
    return c.body(body, 200, headers);
  };
}
