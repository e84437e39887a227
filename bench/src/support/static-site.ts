import { loadConfig } from '@fartwin/server/src/config/config.ts';
import { appConfigRoutes } from '@fartwin/server/src/routes/app-config.ts';
import { miniappStaticRoutes } from '@fartwin/server/src/routes/miniapp-static.ts';
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
 * Serves a built mini-app through the bot service's own routes: its static files (the same headers
 * and index handling as production) and, for the real app, its /app-config.js, plus the host page.
 */
export async function serveStaticSite(distDir: string, options: { appConfig: boolean }): Promise<StaticSite> {
  const app = new Hono();
  app.get(HOST_PAGE_PATH, (c) => c.html(hostPage));
  if (options.appConfig) {
    // Local mode, no contracts; nothing reaches these URLs before ready().
    const config = loadConfig({
      FARTWIN_MODE: 'local',
      CHAIN_RPC_URL: 'http://127.0.0.1:9',
      PUBLIC_URL: 'http://127.0.0.1:9',
    });
    app.route(
      '/',
      appConfigRoutes(config, () => null),
    );
  }
  app.route(
    '/',
    miniappStaticRoutes(distDir, () => false),
  );
  const { url, close } = await listen(app);
  return { url, hostPageUrl: `${url}${HOST_PAGE_PATH}`, close };
}
