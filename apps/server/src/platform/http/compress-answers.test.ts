import { request } from 'node:http';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOn, rawGet } from '../../../test/raw-http.ts';
import { compressAnswers } from './compress-answers.ts';
import { publicAnswers } from './public-answers.ts';
import { type SseEvent, sseResponse } from './sse.ts';

const large = { agents: Array.from({ length: 200 }, (_, i) => ({ agentId: `agent-${i}`, name: `Twin number ${i}` })) };
const small = { ok: true };

describe('compressed JSON, HTML and public answers; streams left alone', () => {
  const closers: (() => Promise<void>)[] = [];
  /** Lets the event stream's generator finish (and so the server close), whatever the test saw. */
  let release: () => void = () => {};
  afterEach(async () => {
    release();
    for (const close of closers.splice(0)) await close();
  });

  /** The service's order: held public answers first, then the compression middleware, then routes. */
  async function served(routes: (app: Hono, answers: ReturnType<typeof publicAnswers>) => void) {
    const answers = publicAnswers({ ttlMs: 60_000, everyAnswerHeaders: { 'x-content-type-options': 'nosniff' } });
    const app = new Hono().use(answers.held).use(compressAnswers());
    routes(app, answers);
    const listening = await listenOn(app);
    closers.push(listening.close);
    return listening.url;
  }

  it('compresses a large JSON answer in the best accepted encoding, and leaves a small one as it is', async () => {
    const url = await served((app) => {
      app.get('/large', (c) => c.json(large));
      app.get('/small', (c) => c.json(small));
    });
    for (const encoding of ['br', 'gzip']) {
      const answer = await rawGet(`${url}/large`, { 'accept-encoding': `${encoding}, identity;q=0.5` });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-length']).toBe(String(answer.raw.byteLength));
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.raw.byteLength).toBeLessThan(JSON.stringify(large).length / 2);
      expect(JSON.parse(answer.decoded().toString('utf8'))).toEqual(large);
    }
    const plain = await rawGet(`${url}/large`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.raw.toString('utf8'))).toEqual(large);
    const tiny = await rawGet(`${url}/small`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['content-length']).toBe(String(tiny.raw.byteLength));
    expect(JSON.parse(tiny.raw.toString('utf8'))).toEqual(small);
  });

  it('sends held public answers compressed from bytes made once, each encoding with its ETag and 304', async () => {
    let reads = 0;
    const url = await served((app, answers) => {
      app.get('/directory', async (c) => {
        const answer = await answers.answer(c, 'directory', 'public, no-cache', async () => {
          reads++;
          return large;
        });
        return answer ?? c.json({ none: true });
      });
    });
    const tags = new Set<string>();
    for (const encoding of ['br', 'gzip', 'identity']) {
      // The first request goes through the route, the second is answered from memory before it.
      for (const round of [1, 2]) {
        const answer = await rawGet(`${url}/directory`, { 'accept-encoding': encoding });
        const label = `${encoding}, request ${round}`;
        expect(answer.headers['content-encoding'], label).toBe(encoding === 'identity' ? undefined : encoding);
        expect(answer.headers['content-length'], label).toBe(String(answer.raw.byteLength));
        expect(answer.headers.vary, label).toBe('Accept-Encoding');
        expect(JSON.parse(answer.decoded().toString('utf8')), label).toEqual(large);
        tags.add(String(answer.headers.etag));
      }
      const etag = [...tags].at(-1)!;
      const again = await rawGet(`${url}/directory`, { 'accept-encoding': encoding, 'if-none-match': etag });
      expect(again.status, encoding).toBe(304);
    }
    expect(tags.size).toBe(3);
    expect(reads).toBe(1);
  });

  it('never compresses or holds back an event stream', async () => {
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* events(): AsyncGenerator<SseEvent> {
      yield { event: 'delta', data: JSON.stringify({ text: 'x'.repeat(4096) }) };
      // The stream stays open until the client has read the first event.
      await released;
      yield { event: 'done', data: '{}' };
    }
    const url = await served((app) => {
      app.get('/stream', (c) => sseResponse(c, events(), () => ({ event: 'error', data: '{}' })));
    });
    const { headers, first } = await new Promise<{ headers: Record<string, unknown>; first: string }>(
      (resolve, reject) => {
        request(`${url}/stream`, { headers: { 'accept-encoding': 'br, gzip' }, agent: false }, (response) => {
          response.once('data', (chunk: Buffer) =>
            resolve({ headers: response.headers, first: chunk.toString('utf8') }),
          );
          response.on('error', reject);
          response.on('end', () => undefined);
        })
          .on('error', reject)
          .end();
      },
    );
    release();
    expect(headers['content-type']).toBe('text/event-stream');
    expect(headers['content-encoding']).toBeUndefined();
    expect(first).toContain('event: delta');
  });
});
