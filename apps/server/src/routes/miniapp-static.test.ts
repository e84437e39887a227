import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
