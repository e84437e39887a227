import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

/**
 * Serves the built mini-app on the API's origin; any other GET that is not an API path gets
 * index.html so client-side routes (/agents, /agent/:id, …) survive a reload.
 */
export function miniappStaticRoutes(
  distDir: string,
  isApiPath: (path: string) => boolean,
  /** Tags for the page's head (its embed), by path. */
  headTags: (path: string) => string = () => '',
) {
  const app = new Hono();
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    return app.get('/', (c) =>
      c.text('The mini-app is not built. Run `npm run build -w @fartwin/miniapp` (npm start does it).', 503),
    );
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const page = (path: string) => indexHtml.replace('</head>', `  ${headTags(path)}\n  </head>`);
  // Before the static files, which would serve index.html for / without the head tags.
  app.get('/', (c) => c.html(page('/')));
  app.get('/index.html', (c) => c.html(page('/')));
  // serveStatic takes a root relative to the working directory.
  const root = relative(process.cwd(), distDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({ root, onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable') }),
  );
  app.use('*', serveStatic({ root }));
  app.get('*', async (c, next) => (isApiPath(c.req.path) ? next() : c.html(page(c.req.path))));
  return app;
}
