import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** Serves a Hono app on 127.0.0.1 (a free port unless one is given), as the bot service's main.ts does. */
export function listen(app: Hono, port = 0): Promise<Listening> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, () => {
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
