import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { PageHeads } from '../manifest/page-head.ts';

const NO_HEAD_TAGS: PageHeads = { app: '', agent: () => '' };

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
  if (!existsSync(indexFile)) {
    return app.get('/', (c) =>
      c.text('The mini-app is not built. Run `npm run build -w @fartwin/miniapp` (npm start does it).', 503),
    );
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const withHead = (tags: string) => indexHtml.replace('</head>', `  ${tags}\n  </head>`);
  // Every page but a twin's is the same document: built once.
  const appPage = withHead(heads.app);
  // Before the static files, which would serve index.html for / without the head tags.
  app.get('/', (c) => c.html(appPage));
  app.get('/index.html', (c) => c.html(appPage));
  app.get('/agent/:agentId', (c) => c.html(withHead(heads.agent(c.req.param('agentId')))));
  // serveStatic takes a root relative to the working directory.
  const root = relative(process.cwd(), distDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({ root, onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable') }),
  );
  app.use('*', serveStatic({ root }));
  app.get('*', async (c, next) => (isApiPath(c.req.path) ? next() : c.html(appPage)));
  return app;
}
