import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type PrerenderedShell, routeMatches, SHELLS_INDEX } from '@fartwin/protocol';
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

/** A build's pages: index.html as built, and the screens' prerendered shells (each with the app's head tags). */
interface Build extends Page {
  /** What identifies this build's files: a rebuild changes it. */
  version: string;
  shells: (Page & { route: string })[];
}

/** A page as built, and with the app's head tags. */
interface Page {
  html: string;
  appPage: string;
}

/** The build's prerendered shells; none for a build without them. */
function readShells(distDir: string): PrerenderedShell[] {
  const file = join(distDir, SHELLS_INDEX);
  if (!statSync(file, { throwIfNoEntry: false })) return [];
  return JSON.parse(readFileSync(file, 'utf8')) as PrerenderedShell[];
}

/**
 * Serves the built mini-app on the API origin; any other GET that is not an API path gets a page
 * so client-side routes (/agents, /agent/:id, …) survive a reload: the page of the screen's
 * prerendered shell where the build made one (docs/decisions/react-over-preact.md), else index.html.
 */
export function miniappStaticRoutes(
  distDir: string,
  isApiPath: (path: string) => boolean,
  /** Tags for the pages' head (their embed). */
  heads: PageHeads = NO_HEAD_TAGS,
) {
  const app = new Hono();
  const indexFile = join(distDir, 'index.html');
  const shellsIndex = join(distDir, SHELLS_INDEX);
  // Read again when the build changes them (a rebuild under a running server links new assets);
  // every page but a twin's is the same document per route, built once per build.
  let built: Build | null = null;
  const currentBuild = () => {
    // Two stats per page request: the build is rarely missing and rarely changes.
    const stats = statSync(indexFile, { throwIfNoEntry: false });
    if (!stats) return null;
    const version = `${stats.mtimeMs}:${statSync(shellsIndex, { throwIfNoEntry: false })?.mtimeMs ?? '-'}`;
    if (built?.version !== version) {
      const indexHtml = readFileSync(indexFile, 'utf8');
      const shells = readShells(distDir).map(({ route, file }) => {
        const html = readFileSync(join(distDir, file), 'utf8');
        return { route, html, appPage: withHead(html, heads.app) };
      });
      built = { version, html: indexHtml, shells, appPage: withHead(indexHtml, heads.app) };
    }
    return built;
  };
  /** The page for `path`: its screen's shell, or index.html. */
  const pageAt = (build: Build, path: string): Page =>
    build.shells.find((shell) => routeMatches(shell.route, path)) ?? build;
  const page = (c: Context, render: (build: Build) => string) => {
    const build = currentBuild();
    if (!build)
      return c.text('The mini-app is not built. Run `npm run build -w @fartwin/miniapp` (npm start does it).', 503);
    const html = render(build);
    const etag = etagOf(html);
    c.header('etag', etag);
    c.header('cache-control', PAGE_CACHE_CONTROL);
    return matchesIfNoneMatch(c.req.header('if-none-match'), etag) ? c.body(null, 304) : c.html(html);
  };
  const appPageAt = (path: string) => (build: Build) => pageAt(build, path).appPage;
  // Before the static files, which would serve index.html for / without the head tags.
  app.get('/', (c) => page(c, appPageAt('/')));
  app.get('/index.html', (c) => page(c, appPageAt('/')));
  app.get('/agent/:agentId', (c) =>
    page(c, (build) => withHead(pageAt(build, c.req.path).html, heads.agent(c.req.param('agentId')))),
  );
  // The build's files, each in the best encoding the request accepts; hashed assets cached for a year.
  app.use('*', precompressedFiles(distDir));
  app.get('*', async (c, next) => (isApiPath(c.req.path) ? next() : page(c, appPageAt(c.req.path))));
  return app;
}
