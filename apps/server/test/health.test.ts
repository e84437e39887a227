import { healthReadySchema, healthResponseSchema } from '@fartwin/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordIndexSynced } from '../src/chain/life-index-state.ts';
import { startTestServer, type TestServer } from './harness.ts';

describe('health endpoints', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    server.anvil.resume();
    await server.close();
  });
  const ready = async () => {
    const response = await server.app.request('/health/ready');
    return { status: response.status, body: healthReadySchema.parse(await response.json()) };
  };

  it('/health reports the database and the chain up', async () => {
    const response = await server.app.request('/health');
    expect(response.status).toBe(200);
    const body = healthResponseSchema.parse(await response.json());
    expect(body.status).toBe('ok');
    expect(body.database).toEqual({ ok: true, detail: 'up' });
    expect(body.chain.ok).toBe(true);
    expect(body.chain.detail).toMatch(/^up: chain 8453, block \d+$/);
  });

  it('/health/live answers while the process runs', async () => {
    const response = await server.app.request('/health/live');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/health/ready is not ready until the life index has caught up with the chain, then ready', async () => {
    // No contracts on this chain: the index never catches up by itself.
    const before = await ready();
    expect(before.status).toBe(503);
    expect(before.body.lifeIndex).toEqual({ ok: false, detail: 'not caught up with the chain yet', lagSeconds: null });

    await recordIndexSynced(server.db);
    const after = await ready();
    expect(after.status).toBe(200);
    expect(after.body.status).toBe('ready');
    expect(after.body.lifeIndex.ok).toBe(true);
    expect(after.body.lifeIndex.lagSeconds).toBeLessThanOrEqual(server.config.lifeIndexStaleSeconds);
  });

  it('a frozen chain makes /health and /health/ready answer 503 within their budget, naming no internals', async () => {
    server.anvil.pause();
    try {
      const health = await server.app.request('/health');
      expect(health.status).toBe(503);
      const body = healthResponseSchema.parse(await health.json());
      expect(body.chain).toEqual({ ok: false, detail: 'no answer within 2000 ms' });
      expect(body.database.ok).toBe(true);
      const { status, body: readiness } = await ready();
      expect(status).toBe(503);
      expect(readiness.status).toBe('not_ready');
    } finally {
      server.anvil.resume();
    }
  });

  it('a stopped chain reads as unreachable, with the database still up', async () => {
    await server.anvil.stop();
    const response = await server.app.request('/health');
    expect(response.status).toBe(503);
    const body = healthResponseSchema.parse(await response.json());
    expect(body.status).toBe('degraded');
    expect(body.database.ok).toBe(true);
    expect(body.chain).toEqual({ ok: false, detail: 'unreachable' });
  });
});
