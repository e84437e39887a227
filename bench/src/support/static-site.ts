import { relative } from 'node:path';
import { APP_CONFIG_GLOBAL, type AppConfig, appConfigSchema, BASE_CHAIN_ID } from '@fartwin/protocol';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { listen } from './listen.ts';

/** Where the host page lives on every served site (same origin as the app it frames). */
const HOST_PAGE_PATH = '/__bench/host.html';

/**
 * A minimal Farcaster host: a page that frames the mini-app at `/` in a 424x695 iframe, like a
 * client's mini-app sheet, and times from creating that frame to the SDK's `ready` call.
 *
 * Why a listener and not @farcaster/miniapp-host's exposeToIframe: `sdk.actions.ready()` is a
 * comlink call that the SDK posts to `window.parent` straight away (`{type: 'APPLY', path:
 * ['ready']}`); a host that answers sees exactly this message, and nothing it answers can move a
 * moment that has already passed. Both apps call ready() from their first effect without waiting for
 * the host's context, so an unanswering parent treats both alike, and the host page stays a few
 * lines that cost both the same, instead of a bundle of its own.
 *
 * The frame is on the host's origin so that it shares the host's renderer process, which is the one
 * the benchmark's CPU throttling applies to.
 */
const hostPage = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>bench host</title></head>
  <body>
    <script>
      window.__benchLoadMiniApp = () =>
        new Promise((resolve, reject) => {
          const frame = document.createElement('iframe');
          frame.width = '424';
          frame.height = '695';
          const timeout = setTimeout(() => reject(new Error('the mini-app did not call ready() within 60 s')), 60000);
          window.addEventListener('message', (event) => {
            const data = event.data;
            if (event.source !== frame.contentWindow || !data || data.type !== 'APPLY') return;
            if (!Array.isArray(data.path) || data.path[0] !== 'ready') return;
            clearTimeout(timeout);
            resolve(performance.now() - startedAt);
          });
          const startedAt = performance.now();
          frame.src = '/';
          document.body.append(frame);
        });
    </script>
  </body>
</html>`;

export interface StaticSite {
  url: string;
  hostPageUrl: string;
  close(): Promise<void>;
}

/**
 * The mini-app's /app-config.js as the bot service writes it in local mode (the AppConfig contract
 * of @fartwin/protocol), with no chain: nothing reaches these URLs before ready().
 */
function appConfigScript(): string {
  const config: AppConfig = appConfigSchema.parse({
    mode: 'local',
    chainId: BASE_CHAIN_ID,
    rpcUrl: 'http://127.0.0.1:9',
    contracts: null,
    quickAuthOrigin: 'http://127.0.0.1:9',
  });
  return `window.${APP_CONFIG_GLOBAL} = ${JSON.stringify(config)};\n`;
}

/**
 * Serves a built app as the bot service serves the mini-app (the same static-file middleware of
 * @hono/node-server, no compression, index.html at `/`, hashed assets cacheable for a year) plus the
 * host page and, for the real app, its /app-config.js. Both apps are served alike, so their load
 * differs only in what they ship.
 */
export async function serveStaticSite(distDir: string, options: { appConfig: boolean }): Promise<StaticSite> {
  const app = new Hono();
  app.get(HOST_PAGE_PATH, (c) => c.html(hostPage));
  if (options.appConfig) {
    const script = appConfigScript();
    app.get('/app-config.js', (c) => {
      c.header('cache-control', 'no-store');
      c.header('content-type', 'text/javascript; charset=utf-8');
      return c.body(script);
    });
  }
  // serveStatic takes a root relative to the working directory.
  const root = relative(process.cwd(), distDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({ root, onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable') }),
  );
  app.use('*', serveStatic({ root }));
  const { url, close } = await listen(app);
  return { url, hostPageUrl: `${url}${HOST_PAGE_PATH}`, close };
}
