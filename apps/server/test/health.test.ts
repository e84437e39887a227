import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usdcAbi } from '@fartwin/contracts';
import { bootstrapLocalChain } from '@fartwin/contracts/deployment';
import { errorBodySchema, healthReadySchema, healthResponseSchema } from '@fartwin/protocol';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthService } from '../src/health/health-service.ts';
import { createChainClient } from '../src/platform/chain/client.ts';
import { recordIndexSynced } from '../src/platform/chain/life-index-state.ts';
import { LOW_BALANCE, operatorBalance, operatorOwnsLifeContract } from '../src/platform/chain/operator-checks.ts';
import { RATE_LIMITS } from '../src/platform/limits/rate-limits.ts';
import { recordRejectedInput } from '../src/platform/logging/rejected-inputs.ts';
import { checkOperatorSetup, OperatorSetupError, warnMissingSettings } from '../src/production-checks.ts';
import { startFakeHttp } from './fake-http.ts';
import { createTestDatabase, startTestServer, type TestServer } from './harness.ts';

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

  it('/health reports the database and the chain up, and nothing more without the operator token', async () => {
    const response = await server.app.request('/health');
    expect(response.status).toBe(200);
    const body = healthResponseSchema.parse(await response.json());
    expect(body.status).toBe('ok');
    expect(body.database).toEqual({ ok: true, detail: 'up' });
    expect(body.chain.ok).toBe(true);
    expect(body.chain.detail).toMatch(/^up: chain 8453, block \d+$/);
    // No HEALTH_TOKEN configured: nobody gets the details, whatever they send.
    expect(Object.keys(body).sort()).toEqual(['chain', 'database', 'status']);
    const guessed = await server.app.request('/health', { headers: { authorization: 'Bearer anything' } });
    expect(Object.keys((await guessed.json()) as object).sort()).toEqual(['chain', 'database', 'status']);
  });

  it('/health/live answers while the process runs', async () => {
    const response = await server.app.request('/health/live');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/health/ready reports a life index that has not caught up, but stays ready: every replica shares it', async () => {
    // No contracts on this chain: the index never catches up by itself.
    const before = await ready();
    expect(before.status).toBe(200);
    expect(before.body.status).toBe('ready');
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

const HEALTH_TOKEN = 'operator-health-token-0123456789abcdef';
const withToken = { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } };

describe('the operator in /health', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fartwin-health-'));
    const deploymentFile = join(dataDir, 'deployment.json');
    server = await startTestServer({ DEPLOYMENT_FILE: deploymentFile, HEALTH_TOKEN });
    await bootstrapLocalChain({ rpcUrl: server.anvil.rpcUrl, deploymentFile });
  }, 120_000);
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("reports the operator's ETH and USDC, and low when either runs short", async () => {
    const health = healthResponseSchema.parse(await (await server.app.request('/health', withToken)).json());
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
    const low = healthResponseSchema.parse(await (await server.app.request('/health', withToken)).json());
    expect(low.operator).toEqual({
      ok: false,
      detail: expect.stringMatching(/USDC \(low: top it up before deploys fail\)$/),
    });
  });

  it('shows the details (balances, the life index, skipped inputs per source) only with the operator token', async () => {
    await recordRejectedInput(server.db, pino({ level: 'silent' }), {
      source: 'life-index',
      key: '0xabc:0',
      reason: 'agentId contains a NUL character (U+0000)',
      value: 'x\u0000',
    });
    const details = healthResponseSchema.parse(await (await server.app.request('/health', withToken)).json());
    expect(details.operator?.detail).toMatch(/ETH/);
    expect(details.lifeIndex).toHaveProperty('lagSeconds');
    expect(details.rejectedInputs).toEqual({ 'life-index': 1 });
    for (const authorization of [`Bearer ${HEALTH_TOKEN}x`, `Bearer ${HEALTH_TOKEN.slice(1)}`, HEALTH_TOKEN, '']) {
      const cheap = await server.app.request('/health', { headers: { authorization } });
      expect(cheap.status).toBe(200);
      expect(Object.keys((await cheap.json()) as object).sort()).toEqual(['chain', 'database', 'status']);
    }
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

  it('refuses a production start whose operator owns the life contract when told to, and warns otherwise', async () => {
    const chain = createChainClient(server.anvil.rpcUrl);
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
    const production = (operatorOwnsLifeContract: 'warn' | 'refuse') => ({
      config: { ...server.config, mode: 'production' as const, operatorOwnsLifeContract },
      chain,
      logger,
    });
    await expect(checkOperatorSetup(production('refuse'), server.services)).rejects.toThrow(OperatorSetupError);
    await checkOperatorSetup(production('warn'), server.services);
    // (Then a low balance too, when an earlier test spent the operator's USDC.)
    expect(warnings[0]).toMatch(/^The operator key \(0x[0-9a-fA-F]{40}\) owns the life contract/);
    const said = warnings.length;
    // Locally the bootstrap's operator owns it by design: nothing is said.
    await checkOperatorSetup({ config: server.config, chain, logger }, server.services);
    expect(warnings).toHaveLength(said);
  });

  it('names the production settings a replica runs without, once each, and nothing locally', () => {
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
    warnMissingSettings(server.config, logger);
    expect(warnings).toEqual([]);
    const production = {
      ...server.config,
      mode: 'production' as const,
      baseNotifications: undefined,
      neynarWebhookSecrets: [],
    };
    warnMissingSettings(production, logger);
    expect(warnings).toEqual([
      expect.stringMatching(/^BASE_NOTIFICATIONS_API_KEY is not set/),
      expect.stringMatching(/^NEYNAR_WEBHOOK_SECRET is not set/),
    ]);
    // A worker takes no webhook: only what it sends is its concern.
    warnMissingSettings({ ...production, role: 'worker' }, logger);
    expect(warnings.slice(2)).toEqual([expect.stringMatching(/^BASE_NOTIFICATIONS_API_KEY is not set/)]);
  });
});

describe('what /health and the probes cost', () => {
  let server: TestServer;
  let dataDir: string;
  /** JSON-RPC methods the server called, as a proxy in front of anvil saw them. */
  const calls: string[] = [];
  let anvilUrl: string | undefined;
  let proxy: Awaited<ReturnType<typeof startFakeHttp>>;
  const count = (method: string) => calls.filter((called) => called === method).length;

  beforeAll(async () => {
    proxy = await startFakeHttp(async (request, response) => {
      const body = JSON.parse(request.body) as { method: string } | { method: string }[];
      for (const call of Array.isArray(body) ? body : [body]) calls.push(call.method);
      if (!anvilUrl) {
        response.writeHead(503).end();
        return;
      }
      const answer = await fetch(anvilUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: request.body,
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
    dataDir = mkdtempSync(join(tmpdir(), 'fartwin-health-cost-'));
    const deploymentFile = join(dataDir, 'deployment.json');
    server = await startTestServer({
      DEPLOYMENT_FILE: deploymentFile,
      HEALTH_TOKEN,
      HEALTH_CACHE_MS: '60000',
      CHAIN_RPC_URL: proxy.url,
    });
    anvilUrl = server.anvil.rpcUrl;
    await bootstrapLocalChain({ rpcUrl: server.anvil.rpcUrl, deploymentFile });
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await proxy.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a burst of /health, /health/ready and /health/live with one round of chain calls per window', async () => {
    const requests = (path: string, init?: RequestInit) =>
      Array.from({ length: 20 }, () => server.app.request(path, init));
    const answers = await Promise.all([
      ...requests('/health', withToken),
      ...requests('/health'),
      ...requests('/health/ready'),
      ...requests('/health/live'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const details = healthResponseSchema.parse(await answers[0]!.json());
    expect(details.operator?.ok).toBe(true);
    // The chain check (chain id, block) once for all 80, the balances once for the 20 with the token.
    expect(count('eth_chainId')).toBe(1);
    expect(count('eth_getBalance')).toBe(1);
    // And again: still within the window.
    await Promise.all([...requests('/health', withToken), ...requests('/health/ready')]);
    expect(count('eth_chainId')).toBe(1);
    expect(count('eth_getBalance')).toBe(1);
  });

  it('limits /health per IP with a 429, and never the probes', async () => {
    let answer: Response | undefined;
    for (let sent = 0; sent <= RATE_LIMITS.healthPerIp.points; sent++) {
      answer = await server.app.request('/health');
      if (answer.status === 429) break;
    }
    expect(answer!.status).toBe(429);
    expect(answer!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(errorBodySchema.parse(await answer!.json()).code).toBe('rate_limited');
    expect((await server.app.request('/health', withToken)).status).toBe(429);
    expect((await server.app.request('/health/ready')).status).toBe(200);
    expect((await server.app.request('/health/live')).status).toBe(200);
  });
});

describe('the life index lag alert', () => {
  it('is logged at warn once per change of state, however often the probes ask', async () => {
    const database = await createTestDatabase();
    const lines: string[] = [];
    try {
      const health = healthService({
        db: database.db,
        chain: createChainClient('http://127.0.0.1:9'),
        logger: pino({ level: 'warn' }, { write: (line: string) => lines.push(line) }),
        operator: '0x000000000000000000000000000000000000bEEF',
        contracts: () => null,
        lifeIndexStaleSeconds: 30,
        cacheMs: 0,
      });
      const alerts = () =>
        lines
          .map((line) => JSON.parse(line) as { level: number; msg: string })
          .filter((line) => /life index/.test(line.msg));
      for (let probe = 0; probe < 3; probe++) expect((await health.ready()).lifeIndex.ok).toBe(false);
      expect(alerts().map((alert) => alert.msg)).toEqual(['life index is lagging']);
      expect(alerts()[0]!.level).toBe(40);

      await recordIndexSynced(database.db);
      for (let probe = 0; probe < 3; probe++) expect((await health.ready()).lifeIndex.ok).toBe(true);
      expect(alerts().map((alert) => alert.msg)).toEqual(['life index is lagging', 'life index caught up again']);

      // Last caught up a minute ago: lagging again.
      await database.db
        .updateTable('chain_cursors')
        .set({ block: Math.floor(Date.now() / 1000) - 60 })
        .where('name', '=', 'life-extended-synced-at')
        .execute();
      for (let probe = 0; probe < 2; probe++) await health.details();
      expect(alerts().map((alert) => alert.msg)).toEqual([
        'life index is lagging',
        'life index caught up again',
        'life index is lagging',
      ]);
    } finally {
      await database.drop();
    }
  });
});
