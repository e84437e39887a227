import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { publicAnswers } from './public-answers.ts';

const EVERY = { 'x-content-type-options': 'nosniff' };

/** An app as the service's: `held` first, then a middleware that counts what gets past it, then the route. */
function appWith(ttlMs: number, produce: (page: string) => Promise<unknown>, clock?: { now(): number }) {
  const answers = publicAnswers({ ttlMs, everyAnswerHeaders: EVERY, ...(clock ? { clock } : {}) });
  const seen = { pastHeld: 0 };
  const app = new Hono()
    .use(answers.held)
    .use(async (_c, next) => {
      seen.pastHeld++;
      await next();
    })
    .get('/pages/:page', async (c) => {
      const page = c.req.param('page');
      const answer = await answers.answer(c, `page:${page}`, 'public, max-age=0, s-maxage=5', () => produce(page));
      return answer ?? answers.send(c, { none: true }, 'no-store');
    });
  return { app, seen };
}

describe('publicAnswers', () => {
  it('shares one read among the requests of one key within the TTL, concurrent ones too, then reads again', async () => {
    let reads = 0;
    // The TTL's clock moves only when the test moves it.
    let time = 1_000;
    const clock = { now: () => time };
    const { app, seen } = appWith(
      200,
      async (page) => {
        reads++;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { page, read: reads };
      },
      clock,
    );
    const [first, second] = await Promise.all([app.request('/pages/1'), app.request('/pages/1')]);
    expect(reads).toBe(1);
    expect(await first.json()).toEqual({ page: '1', read: 1 });
    expect(await second.json()).toEqual({ page: '1', read: 1 });
    // Another URL is another answer; the same URL again is answered before the rest of the app.
    expect(await (await app.request('/pages/2')).json()).toEqual({ page: '2', read: 2 });
    const pastHeld = seen.pastHeld;
    expect(await (await app.request('/pages/1')).json()).toEqual({ page: '1', read: 1 });
    expect(seen.pastHeld).toBe(pastHeld);
    // A query the route does not read is another URL but the same key: no read of its own.
    expect(await (await app.request('/pages/1?anything=1')).json()).toEqual({ page: '1', read: 1 });
    expect(reads).toBe(2);
    // Just within the TTL: still held, before the rest of the app.
    time += 199;
    expect(await (await app.request('/pages/1')).json()).toEqual({ page: '1', read: 1 });
    expect(seen.pastHeld).toBe(pastHeld + 1);
    // Past it: read again.
    time += 2;
    expect(await (await app.request('/pages/1')).json()).toEqual({ page: '1', read: 3 });
    expect(seen.pastHeld).toBe(pastHeld + 2);
  });

  it('keeps nothing produced as undefined, and nothing at all with a TTL of 0', async () => {
    let reads = 0;
    const nothing = appWith(60_000, async () => {
      reads++;
      return undefined;
    });
    expect(await (await nothing.app.request('/pages/1')).json()).toEqual({ none: true });
    expect(await (await nothing.app.request('/pages/1')).json()).toEqual({ none: true });
    expect(reads).toBe(2);
    const off = appWith(0, async () => ++reads);
    expect(await (await off.app.request('/pages/1')).json()).toBe(3);
    expect(await (await off.app.request('/pages/1')).json()).toBe(4);
    expect(off.seen.pastHeld).toBe(2);
  });

  // Through a real Node server: the adapter writes the plain headers as they are.
  const servers: { close(): void }[] = [];
  afterAll(() => {
    for (const server of servers) server.close();
  });
  const served = async (app: Hono) => {
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
    });
    servers.push(server);
    const { port } = server.address() as AddressInfo;
    return { request: (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}${path}`, init) };
  };

  it('answers with every header and the ETag, and a bodiless 304 to a client holding it, held or not', async () => {
    const { app: local } = appWith(60_000, async () => ({ a: 1 }));
    const app = await served(local);
    const first = await app.request('/pages/x');
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5');
    expect(await first.json()).toEqual({ a: 1 });
    const etag = first.headers.get('etag')!;
    const again = await app.request('/pages/x', { headers: { 'if-none-match': `W/"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5');
    expect(await again.text()).toBe('');
    expect(again.headers.get('content-length')).toBeNull();
    // Held, the same answer twice: what went out the first time did not change what goes out later.
    const held = await app.request('/pages/x', { headers: { 'if-none-match': etag } });
    expect([...held.headers]).toEqual([...again.headers]);
    const changed = await app.request('/pages/x', { headers: { 'if-none-match': '"other"' } });
    expect(changed.status).toBe(200);
    // A request that is not a GET is never answered from what is held.
    expect((await app.request('/pages/x', { method: 'POST' })).status).toBe(404);
  });
});
