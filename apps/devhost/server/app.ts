import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { readDeployment } from '@fartwin/contracts/deployment';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { DEVHOST_CONFIG_GLOBAL } from '../src/config.ts';
import { baseNotificationRoutes } from './client/base-notifications.ts';
import { type ClientBackendOptions, clientRoutes } from './client/routes.ts';
import type { DevhostServerConfig } from './config.ts';

/**
 * Serves the built dev host, tells it where the mini-app, the bot service and the chain are, and
 * runs its client backend (/client/*: installations, app keys, the notification inbox), and the
 * Base App's notifications (/base/*: a stand-in of Base's Notifications API).
 */
export function createDevhostServer(config: DevhostServerConfig, clientOptions: ClientBackendOptions = {}) {
  const app = new Hono();
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.get('/devhost-config.js', (c) => {
    c.header('cache-control', 'no-store');
    c.header('content-type', 'text/javascript; charset=utf-8');
    // Read per request: the chain may be bootstrapped after the dev host started.
    const file = config.deploymentFile;
    const deployment = file && existsSync(file) ? readDeployment(file) : null;
    const usdc = deployment?.usdc ?? null;
    const swap = deployment
      ? { weth9: deployment.weth9, quoter: deployment.quoter, swapRouter: deployment.swapRouter }
      : null;
    return c.body(`window.${DEVHOST_CONFIG_GLOBAL} = ${JSON.stringify({ ...config.client, usdc, swap })};\n`);
  });
  app.route('/', clientRoutes(config, clientOptions));
  app.route('/', baseNotificationRoutes(config.client, clientOptions));
  app.use('*', serveStatic({ root: relative(process.cwd(), config.distDir) || '.' }));
  return app;
}
