import { brotliDecompressSync } from 'node:zlib';
import { APP_CONFIG_GLOBAL, appConfigSchema, errorBodySchema } from '@fartwin/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderCodeSuffix, LOCAL_BUILDER_CODE } from '../src/platform/config/config.ts';
import { startTestServer, type TestServer } from './harness.ts';

describe('HTTP behaviour shared by every route', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_RPC_URL: 'http://127.0.0.1:9999/public' });
  });
  afterAll(() => server.close());

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await server.app.request('/doppelganger/no-such-thing');
    expect(response.status).toBe(404);
    expect(errorBodySchema.parse(await response.json())).toEqual({
      code: 'not_found',
      error: 'No route for GET /doppelganger/no-such-thing',
    });
  });

  it('refuses an oversized body with a JSON 413 before reading it', async () => {
    const response = await server.app.request('/doppelganger/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ conversation: 'x'.repeat(100_000), fid: 1 }),
    });
    expect(response.status).toBe(413);
    expect(errorBodySchema.parse(await response.json()).code).toBe('payload_too_large');
  });

  it('serves the mini-app run-time config as a script', async () => {
    const response = await server.app.request('/app-config.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    const script = await response.text();
    const sandbox: Record<string, unknown> = {};
    new Function('window', script)(sandbox);
    const config = appConfigSchema.parse(sandbox[APP_CONFIG_GLOBAL]);
    expect(config).toMatchObject({ mode: 'local', chainId: 8453, contracts: null });
    expect(config.quickAuthOrigin).toBe(server.config.publicUrl);
    // Local mode's builder code, for the wallet's transactions.
    expect(config.dataSuffix).toBe(builderCodeSuffix(LOCAL_BUILDER_CODE));
    // The browser's RPC is PUBLIC_RPC_URL, not the server's CHAIN_RPC_URL (which carries a key in production).
    expect(config.rpcUrl).toBe('http://127.0.0.1:9999/public');
    expect(script).not.toContain(server.anvil.rpcUrl);
  });

  it('says how to build the mini-app when it is not built', async () => {
    const response = await server.app.request('/');
    // Every answer: no sniffing, a short Referer; never a frame ban (the mini-app lives in clients' frames).
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/npm run build -w @fartwin\/miniapp/);
  });

  it('compresses JSON answers of 1 KB or more (the manifest) for a client that accepts it, with every header; small ones go as they are', async () => {
    const plain = await server.app.request('/.well-known/farcaster.json');
    const body = await plain.text();
    expect(body.length).toBeGreaterThan(1024);
    const compressed = await server.app.request('/.well-known/farcaster.json', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toBe('Accept-Encoding');
    expect(compressed.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await compressed.arrayBuffer());
    expect(compressed.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(brotliDecompressSync(bytes).toString('utf8')).toBe(body);
    const small = await server.app.request('/doppelganger/no-such-thing', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(errorBodySchema.parse(await small.json()).code).toBe('not_found');
  });
});
