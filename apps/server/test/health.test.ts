import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usdcAbi } from '@fartwin/contracts';
import { bootstrapLocalChain } from '@fartwin/contracts/deployment';
import { healthReadySchema, healthResponseSchema } from '@fartwin/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainClient } from '../src/chain/client.ts';
import { recordIndexSynced } from '../src/chain/life-index-state.ts';
import { LOW_BALANCE, operatorBalance, operatorOwnsLifeContract } from '../src/chain/operator-checks.ts';
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

describe('the operator in /health', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fartwin-health-'));
    const deploymentFile = join(dataDir, 'deployment.json');
    server = await startTestServer({ DEPLOYMENT_FILE: deploymentFile });
    await bootstrapLocalChain({ rpcUrl: server.anvil.rpcUrl, deploymentFile });
  }, 120_000);
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("reports the operator's ETH and USDC, and low when either runs short", async () => {
    const health = healthResponseSchema.parse(await (await server.app.request('/health')).json());
    expect(health.operator).toEqual({ ok: true, detail: expect.stringMatching(/^[\d.]+ ETH, [\d.]+ USDC$/) });

    // The operator spends its USDC down to less than ten batteries.
    const contracts = server.services.contracts()!;
    const operator = server.services.operator;
    const usdc = await operatorBalance(createChainClient(server.anvil.rpcUrl), operator.account.address, contracts);
    const hash = await operator.writeContract({
      address: contracts.usdc,
      abi: usdcAbi,
      functionName: 'transfer',
      args: ['0x000000000000000000000000000000000000dEaD', usdc.usdc - LOW_BALANCE.usdc + 1n],
    });
    await createChainClient(server.anvil.rpcUrl).waitForTransactionReceipt({ hash });
    const low = healthResponseSchema.parse(await (await server.app.request('/health')).json());
    expect(low.operator).toEqual({
      ok: false,
      detail: expect.stringMatching(/USDC \(low: top it up before deploys fail\)$/),
    });
  });

  it('says when the operator key owns the life contract (the local bootstrap does; production warns or refuses)', async () => {
    const chain = createChainClient(server.anvil.rpcUrl);
    const contracts = server.services.contracts()!;
    const operator = server.services.operator.account.address;
    expect(await operatorOwnsLifeContract(chain, operator, contracts)).toMatch(
      /^The operator key \(0x[0-9a-fA-F]{40}\) owns the life contract: move ownership to a cold wallet/,
    );
    expect(await operatorOwnsLifeContract(chain, '0x000000000000000000000000000000000000bEEF', contracts)).toBeNull();
  });
});
