import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type PrerenderedShell, SHELLS_INDEX } from '@fartwin/protocol';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOn, rawGet } from '../../test/raw-http.ts';
import { compressAnswers } from '../platform/http/compress-answers.ts';
import { miniappStaticRoutes } from './miniapp-static.ts';

const heads = { app: '<meta name="app">', agent: (id: string) => `<meta name="agent" content="${id}">` };
const html = (asset: string) => `<html><head><script src="/assets/${asset}"></script></head><body></body></html>`;

describe('the built mini-app on the API origin', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const distDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'miniapp-dist-'));
    dirs.push(dir);
    return dir;
  };
  const isApiPath = (path: string) => path.startsWith('/doppelganger');

  it('serves pages with their head tags, and client routes get the app page', async () => {
    const dir = distDir();
    writeFileSync(join(dir, 'index.html'), html('a.js'));
    const app = miniappStaticRoutes(dir, isApiPath, heads);
    const home = await (await app.request('/')).text();
    expect(home).toContain('<meta name="app">');
    expect(home).toContain('/assets/a.js');
    expect(await (await app.request('/agent/x-1')).text()).toContain('<meta name="agent" content="x-1">');
    expect(await (await app.request('/leaderboard')).text()).toContain('<meta name="app">');
    expect((await app.request('/doppelganger/agents')).status).toBe(404);
  });

  it("a screen's path gets its prerendered shell's page, with the same head tags; other paths index.html", async () => {
    const dir = distDir();
    writeFileSync(join(dir, 'index.html'), html('a.js'));
    mkdirSync(join(dir, 'shells'));
    const shell = (name: string) => html('a.js').replace('<body>', `<body><div id="root">${name} shell</div>`);
    writeFileSync(join(dir, 'shells', 'home.html'), shell('home'));
    writeFileSync(join(dir, 'shells', 'agents.html'), shell('agents'));
    writeFileSync(join(dir, 'shells', 'agent.html'), shell('agent'));
    const index: PrerenderedShell[] = [
      { route: '/', file: 'shells/home.html' },
      { route: '/agents', file: 'shells/agents.html' },
      { route: '/agent/:agentId', file: 'shells/agent.html' },
    ];
    writeFileSync(join(dir, SHELLS_INDEX), JSON.stringify(index));
    const app = miniappStaticRoutes(dir, isApiPath, heads);
    const text = async (path: string) => (await app.request(path)).text();

    for (const path of ['/', '/index.html']) {
      expect(await text(path)).toContain('home shell');
      expect(await text(path)).toContain('<meta name="app">');
    }
    expect(await text('/agents')).toContain('agents shell');
    const twin = await text('/agent/x-1');
    expect(twin).toContain('agent shell');
    expect(twin).toContain('<meta name="agent" content="x-1">');
    expect(twin).not.toContain('<meta name="app">');
    // A path no shell's route matches (a deeper one, another screen) gets the empty index.html.
    for (const path of ['/agents/more', '/agent/x-1/extra', '/you']) {
      const page = await text(path);
      expect(page).not.toContain('shell');
      expect(page).toContain('<meta name="app">');
    }
  });

  it('a rebuild under the running server is served without a restart', async () => {
    const dir = distDir();
    const index = join(dir, 'index.html');
    writeFileSync(index, html('old.js'));
    const app = miniappStaticRoutes(dir, isApiPath, heads);
    expect(await (await app.request('/')).text()).toContain('old.js');
    writeFileSync(index, html('new.js'));
    // Some filesystems keep whole-second times: make the change visible whatever the clock's grain.
    utimesSync(index, new Date(), new Date(Date.now() + 5_000));
    expect(await (await app.request('/')).text()).toContain('new.js');
    expect(await (await app.request('/agents')).text()).toContain('new.js');
  });

  it('not built yet answers 503 with what to run, then serves the build once it exists', async () => {
    const dir = distDir();
    const app = miniappStaticRoutes(dir, isApiPath, heads);
    const missing = await app.request('/');
    expect(missing.status).toBe(503);
    expect(await missing.text()).toContain('npm run build -w @fartwin/miniapp');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), html('a.js'));
    expect((await app.request('/')).status).toBe(200);
  });
});

describe('the built mini-app, compressed', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });
  const HASHED = '/assets/index-AbC_12-x.js';
  const script = Buffer.from(
    `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`,
  );

  /** A build as Vite and its compression plugin write it, served as the service serves it, on a socket. */
  async function servedBuild() {
    const parent = mkdtempSync(join(tmpdir(), 'miniapp-'));
    closers.push(async () => rmSync(parent, { recursive: true, force: true }));
    writeFileSync(join(parent, 'outside.txt'), 'not to be served');
    const dir = join(parent, 'dist');
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(
      join(dir, 'index.html'),
      html('index-AbC_12-x.js').replace('<body>', `<body>${'<p>page</p>'.repeat(200)}`),
    );
    const asset = join(dir, HASHED);
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    writeFileSync(join(dir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    writeFileSync(join(dir, 'inside.txt'), 'served');
    const app = new Hono().use(compressAnswers()).route(
      '/',
      miniappStaticRoutes(dir, () => false, heads),
    );
    const served = await listenOn(app);
    closers.push(served.close);
    return served.url;
  }

  it('sends an asset in brotli, gzip or as it is, as Accept-Encoding allows, each with its length and Vary', async () => {
    const url = await servedBuild();
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
      { accept: 'gzip;q=1.0, br;q=0.5', encoding: 'gzip' },
      { accept: 'gzip', encoding: 'gzip' },
      { accept: '', encoding: undefined },
      { accept: 'identity', encoding: undefined },
    ];
    for (const { accept, encoding } of cases) {
      const answer = await rawGet(`${url}${HASHED}`, accept ? { 'accept-encoding': accept } : {});
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers.vary, accept).toBe('Accept-Encoding');
      expect(answer.headers['content-length'], accept).toBe(String(answer.raw.byteLength));
      expect(answer.headers['content-type'], accept).toMatch(/^text\/javascript/);
      expect(answer.decoded().equals(script), accept).toBe(true);
      if (encoding) expect(answer.raw.byteLength).toBeLessThan(script.byteLength);
    }
  });

  it('never sends an encoding given q=0', async () => {
    const url = await servedBuild();
    const encodingFor = async (accept: string) =>
      (await rawGet(`${url}${HASHED}`, { 'accept-encoding': accept })).headers['content-encoding'];
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(await encodingFor('gzip, br;q=0')).toBe('gzip');
    expect(await encodingFor('br;q=0, gzip;q=0')).toBeUndefined();
    expect(await encodingFor('*;q=0.5, br;q=0')).toBe('gzip');
    expect(await encodingFor('*')).toBe('br');
  });

  it('gives each encoding its own ETag, and a 304 only to a client holding that encoding', async () => {
    const url = await servedBuild();
    const etags = new Map<string, string>();
    for (const accept of ['br', 'gzip', 'identity']) {
      const answer = await rawGet(`${url}${HASHED}`, { 'accept-encoding': accept });
      etags.set(accept, String(answer.headers.etag));
    }
    expect(new Set(etags.values()).size).toBe(3);
    for (const [accept, etag] of etags) {
      const again = await rawGet(`${url}${HASHED}`, { 'accept-encoding': accept, 'if-none-match': etag });
      expect(again.status, accept).toBe(304);
      expect(again.raw.byteLength).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers.vary).toBe('Accept-Encoding');
    }
    // The brotli bytes' tag does not validate the gzip bytes.
    const other = await rawGet(`${url}${HASHED}`, { 'accept-encoding': 'gzip', 'if-none-match': etags.get('br')! });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });

  it('caches hashed assets for a year, and has everything else revalidated', async () => {
    const url = await servedBuild();
    expect((await rawGet(`${url}${HASHED}`)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await rawGet(`${url}/icon.svg`)).headers['cache-control']).toBe('public, no-cache');
    expect((await rawGet(`${url}/`)).headers['cache-control']).toBe('no-cache');
    expect((await rawGet(`${url}/agents`)).headers['cache-control']).toBe('no-cache');
  });

  it('compresses the page it writes, with a per-encoding ETag and 304s', async () => {
    const url = await servedBuild();
    const plain = await rawGet(`${url}/agent/x-1`);
    const page = plain.raw.toString('utf8');
    expect(page).toContain('<meta name="agent" content="x-1">');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    for (const encoding of ['br', 'gzip']) {
      const answer = await rawGet(`${url}/agent/x-1`, { 'accept-encoding': encoding });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-length']).toBe(String(answer.raw.byteLength));
      expect(answer.decoded().toString('utf8')).toBe(page);
      expect(answer.headers.etag).not.toBe(plain.headers.etag);
      const again = await rawGet(`${url}/agent/x-1`, {
        'accept-encoding': encoding,
        'if-none-match': String(answer.headers.etag),
      });
      expect(again.status).toBe(304);
    }
    expect((await rawGet(`${url}/agent/x-1`, { 'if-none-match': String(plain.headers.etag) })).status).toBe(304);
  });

  it('serves no file outside the build', async () => {
    const url = await servedBuild();
    for (const path of ['/assets/..%2f..%2foutside.txt', '/..%2foutside.txt', '/%2e%2e%2foutside.txt']) {
      const outside = await rawGet(`${url}${path}`);
      expect(outside.raw.toString('utf8'), path).toContain('<meta name="app">');
    }
    expect((await rawGet(`${url}/inside.txt`)).raw.toString('utf8')).toBe('served');
  });
});
