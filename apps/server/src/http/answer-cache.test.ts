import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { answerCache, sendJsonAnswer } from './answer-cache.ts';

describe('answerCache', () => {
  it('shares one read among the requests of one key within the TTL, concurrent ones too, then reads again', async () => {
    let reads = 0;
    const cache = answerCache(200);
    const produce = async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { page: reads };
    };
    const [first, second] = await Promise.all([cache.get('page:1', produce), cache.get('page:1', produce)]);
    expect(reads).toBe(1);
    expect(first).toEqual(second);
    expect(first!.body).toBe('{"page":1}');
    expect((await cache.get('page:2', produce))!.body).toBe('{"page":2}');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await cache.get('page:1', produce))!.body).toBe('{"page":3}');
  });

  it('keeps nothing produced as undefined, and nothing at all with a TTL of 0', async () => {
    let reads = 0;
    const nothing = answerCache(60_000);
    const none = async () => {
      reads++;
      return undefined;
    };
    expect(await nothing.get('owner:1', none)).toBeUndefined();
    expect(await nothing.get('owner:1', none)).toBeUndefined();
    expect(reads).toBe(2);
    const off = answerCache(0);
    await off.get('page', async () => reads++);
    await off.get('page', async () => reads++);
    expect(reads).toBe(4);
  });

  it('answers with the ETag, and a bodiless 304 to a client holding it', async () => {
    const cache = answerCache(60_000);
    const app = new Hono().get('/', async (c) =>
      sendJsonAnswer(c, (await cache.get('x', async () => ({ a: 1 })))!, 'public, max-age=0, s-maxage=5'),
    );
    const first = await app.request('/');
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(await first.json()).toEqual({ a: 1 });
    const again = await app.request('/', { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5');
    expect(await again.text()).toBe('');
  });
});
