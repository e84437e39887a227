import { readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import type { PageHeads } from '../manifest/page-head.ts';

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
    return c.html(render(build));
  };
  // Before the static files, which would serve index.html for / without the head tags.
  app.get('/', (c) => page(c, (build) => build.appPage));
  app.get('/index.html', (c) => page(c, (build) => build.appPage));
  app.get('/agent/:agentId', (c) => page(c, (build) => withHead(build.indexHtml, heads.agent(c.req.param('agentId')))));
  // serveStatic takes a root relative to the working directory.
  const root = relative(process.cwd(), distDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({ root, onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable') }),
  );
  app.use('*', serveStatic({ root }));
  app.get('*', async (c, next) => (isApiPath(c.req.path) ? next() : page(c, (build) => build.appPage)));
  return app;
}
