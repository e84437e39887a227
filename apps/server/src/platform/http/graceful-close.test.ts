import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { afterEach, describe, expect, it } from 'vitest';
import { closeGracefully } from './graceful-close.ts';

/** A server whose one route streams `parts` events, one every 50 ms. */
function streamingServer(parts: number): Promise<{ server: Server; url: string }> {
  const app = new Hono().get('/stream', (c) =>
    streamSSE(c, async (stream) => {
      for (let part = 1; part <= parts; part++) {
        await stream.writeSSE({ event: 'delta', data: String(part) });
        await stream.sleep(50);
      }
      await stream.writeSSE({ event: 'done', data: 'whole' });
    }),
  );
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) =>
      resolve({ server: server as Server, url: `http://127.0.0.1:${info.port}` }),
    ) as Server;
  });
}

describe('closeGracefully', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
  });

  it('lets a reply that is streaming finish, and takes no new request', async () => {
    const started = await streamingServer(6);
    server = started.server;
    const response = await fetch(`${started.url}/stream`);
    const reader = response.body!.getReader();
    await reader.read(); // The reply is under way.

    const closing = closeGracefully(server, 10_000);
    await expect(fetch(`${started.url}/stream`)).rejects.toThrow();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(rest).toContain('event: done\ndata: whole');
    await closing;
  });

  it('cuts what is still running when the grace period ends', async () => {
    const started = await streamingServer(1_000);
    server = started.server;
    const response = await fetch(`${started.url}/stream`);
    const reader = response.body!.getReader();
    await reader.read();
    await closeGracefully(server, 100);
    let text = '';
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        text += new TextDecoder().decode(chunk.value);
      }
    } catch {
      // The connection was cut.
    }
    expect(text).not.toContain('event: done');
  });
});
