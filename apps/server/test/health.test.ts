import { healthResponseSchema } from '@fartwin/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

describe('GET /health', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('reports the database and the chain up', async () => {
    const response = await server.app.request('/health');
    expect(response.status).toBe(200);
    const body = healthResponseSchema.parse(await response.json());
    expect(body.status).toBe('ok');
    expect(body.database).toEqual({ ok: true, detail: 'up' });
    expect(body.chain.ok).toBe(true);
    expect(body.chain.detail).toMatch(/^up: chain 8453, block \d+$/);
  });

  it('reports the chain down with 503 when anvil stops, and the database still up', async () => {
    await server.anvil.stop();
    const response = await server.app.request('/health');
    expect(response.status).toBe(503);
    const body = healthResponseSchema.parse(await response.json());
    expect(body.status).toBe('degraded');
    expect(body.database.ok).toBe(true);
    expect(body.chain.ok).toBe(false);
    expect(body.chain.detail.length).toBeGreaterThan(0);
  });
});
