import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Context, Hono } from 'hono';
import { etagOf, matchesIfNoneMatch } from '../platform/http/caching.ts';
import { precompressedFiles } from '../platform/http/precompressed-files.ts';
import type { PageHeads } from './page-head.ts';

/**
 * Pages name the build's current hashed assets, so a browser must check them each time (cheaply:
 * 304 to the ETag); the compression middleware compresses them (http/compress-answers.ts).
 */
const PAGE_CACHE_CONTROL = 'no-cache';

const NO_HEAD_TAGS: PageHeads = { app: '', agent: () => '' };

const withHead = (indexHtml: string, tags: string) => indexHtml.replace('</head>', `  ${tags}\n  </head>`);

/**
 * Serves the built mini-app on the API's origin; any other GET that is not an API path gets
 * index.html so client-side routes (/agents, /agent/:id, …) survive a reload.
 */
export function miniappStaticRoutes(
  distDir: string,
  isApiPath: (path: string) => boolean,
  /** Tags for the pages' head (their embed). */
  heads: PageHeads = NO_HEAD_TAGS,
) {
  const app = new Hono();
  const indexFile = join(distDir, 'index.html');
  // Read again when the build changes it (a rebuild under a running server links new assets);
  // every page but a twin's is the same document, built once per build.
  let built: { mtimeMs: number; indexHtml: string; appPage: string } | null = null;
  const currentBuild = () => {
    // One stat per page request: the build is rarely missing and rarely changes.
    const stats = statSync(indexFile, { throwIfNoEntry: false });
    if (!stats) return null;
    const { mtimeMs } = stats;
    if (built?.mtimeMs !== mtimeMs) {
      const indexHtml = readFileSync(indexFile, 'utf8');
      built = { mtimeMs, indexHtml, appPage: withHead(indexHtml, heads.app) };
    }
    return built;
  };
  const page = (c: Context, render: (build: NonNullable<typeof built>) => string) => {
    const build = currentBuild();
    if (!build)
      return c.text('The mini-app is not built. Run `npm run build -w @fartwin/miniapp` (npm start does it).', 503);
    const html = render(build);
    const etag = etagOf(html);
    c.header('etag', etag);
    c.header('cache-control', PAGE_CACHE_CONTROL);
    return matchesIfNoneMatch(c.req.header('if-none-match'), etag) ? c.body(null, 304) : c.html(html);
  };
  // Before the static files, which would serve index.html for / without the head tags.
  app.get('/', (c) => page(c, (build) => build.appPage));
  app.get('/index.html', (c) => page(c, (build) => build.appPage));
  app.get('/agent/:agentId', (c) => page(c, (build) => withHead(build.indexHtml, heads.agent(c.req.param('agentId')))));
  // The build's files, each in the best encoding the request accepts; hashed assets cached for a year.
  app.use('*', precompressedFiles(distDir));
  app.get('*', async (c, next) => (isApiPath(c.req.path) ? next() : page(c, (build) => build.appPage)));
  return app;
}
