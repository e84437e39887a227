import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapLocalChain } from '@fartwin/contracts/deployment';
import { apiPaths, chatResponseSchema, errorBodySchema, quickAuthPaths } from '@fartwin/protocol';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { createPool } from '../src/db/database.ts';
import { deleteExpiredCounters, postgresRateLimits, RATE_LIMITS, RateLimitedError } from '../src/limits/rate-limits.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { tokenFor } from './quick-auth-client.ts';
import { createTwin, feedTwin, twinAgentId } from './twins.ts';

/** Limits (issue 16): per fid and per IP, kept in Postgres so every replica sees the same counts. */
describe('limits', () => {
  let server: TestServer;
  let dataDir: string;
  const tokens = new Map<number, string>();
  const request = (path: string, init?: RequestInit) => server.app.request(path, init);
  const chatAs = async (fid: number, conversation: unknown) => {
    if (!tokens.has(fid)) tokens.set(fid, await tokenFor(request, fid, appDomain(server.config.publicUrl)));
    return request(apiPaths.chat(twinAgentId('lowcaps-dev')), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.get(fid)}` },
      body: JSON.stringify({ conversation, fid }),
    });
  };
  const storedTurns = async () => (await server.db.selectFrom('chat_turns').selectAll().execute()).length;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fartwin-limits-'));
    const deploymentFile = join(dataDir, 'deployment.json');
    server = await startTestServer({
      DEPLOYMENT_FILE: deploymentFile,
      // Behind one reverse proxy: its X-Forwarded-For names the client.
      TRUST_PROXY_HOPS: '1',
      // The operator pays for no new twin today.
      MAX_DEPLOYS_PER_DAY: '0',
    });
    await seedLocalNetwork(server.db, server.config.publicUrl);
    const deployment = await bootstrapLocalChain({ rpcUrl: server.anvil.rpcUrl, deploymentFile });
    await createTwin(server.db, 1001);
    await feedTwin(server.anvil.rpcUrl, deployment, twinAgentId('lowcaps-dev'));
    await server.syncLives();
  }, 180_000);
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a flood of chats from one fid is refused with 429 and Retry-After, stores nothing, and leaves others alone', async () => {
    const { points } = RATE_LIMITS.chatPerFid;
    const before = await storedTurns();
    for (let sent = 0; sent < points; sent++) expect((await chatAs(1002, `message ${sent}`)).status).toBe(200);
    const refused = await chatAs(1002, 'one more');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorBodySchema.parse(await refused.json())).toEqual({
      code: 'rate_limited',
      error: expect.stringMatching(/^Too many messages\. Please wait \d+ s and try again\.$/),
    });
    expect(await storedTurns()).toBe(before + 2 * points);
    // Another user talks on.
    const other = await chatAs(1003, 'hello');
    expect(other.status).toBe(200);
    expect(chatResponseSchema.parse(await other.json()).engine).toBe('echo');
  });

  it("the chat's array form holds the user's turns to the string form's 4,000 characters", async () => {
    const before = await storedTurns();
    const response = await chatAs(1005, [{ role: 'user', content: 'x'.repeat(4_001) }]);
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(await response.json()).code).toBe('invalid_request');
    expect(await storedTurns()).toBe(before);
  });

  it('sign-in nonces are limited per client IP, as the trusted proxy reports it', async () => {
    const nonce = (ip: string) =>
      request(quickAuthPaths.nonce, { method: 'POST', headers: { 'x-forwarded-for': `203.0.113.9, ${ip}` } });
    for (let issued = 0; issued < RATE_LIMITS.noncePerIp.points; issued++) {
      expect((await nonce('198.51.100.1')).status).toBe(200);
    }
    const refused = await nonce('198.51.100.1');
    expect(refused.status).toBe(429);
    expect(errorBodySchema.parse(await refused.json()).error).toMatch(/^Too many sign-in attempts\./);
    // The entry left of the proxy's is the client's to forge, and does not matter; another client passes.
    expect((await nonce('198.51.100.2')).status).toBe(200);
  });

  it("a deploy past the operator's daily cap is refused with a clear answer, and nothing is started", async () => {
    const token = await tokenFor(request, 1004, appDomain(server.config.publicUrl));
    const response = await request(apiPaths.deploy(1004), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ choices: [] }),
    });
    expect(response.status).toBe(503);
    expect(errorBodySchema.parse(await response.json())).toEqual({
      code: 'daily_deploy_limit',
      error: 'Fartwin has created as many new twins as it can for today. Please try again tomorrow.',
    });
    expect(await server.db.selectFrom('deployments').selectAll().execute()).toEqual([]);
  });

  describe('the counters', () => {
    const logger = pino({ level: 'silent' });
    let pool: ReturnType<typeof createPool>;
    let limits: ReturnType<typeof postgresRateLimits>;
    const counter = async (key: string) =>
      (
        await pool.query<{ points: number; expire: string }>('select points, expire from rate_limits where key = $1', [
          key,
        ])
      ).rows[0];
    const liveCounters = async () =>
      (await pool.query('select count(*)::int as n from rate_limits where expire >= $1', [Date.now()])).rows[0].n;
    beforeAll(() => {
      pool = createPool(server.config.databaseUrl, { max: 2 });
      limits = postgresRateLimits({ pool, logger, trustProxyHops: 0 });
    });
    afterAll(() => pool.end());

    it('take a point of each limit at once, and refuse when either has none left', async () => {
      const checks = [
        { name: 'chatPerIp', key: '203.0.113.7' },
        { name: 'chatPerFid', key: 7007 },
      ] as const;
      for (let taken = 0; taken < RATE_LIMITS.chatPerFid.points; taken++) await limits.consumeAll(checks);
      expect((await counter('chatPerIp:203.0.113.7'))?.points).toBe(RATE_LIMITS.chatPerFid.points);
      const refused = limits.consumeAll(checks);
      await expect(refused).rejects.toThrow(RateLimitedError);
      await expect(refused).rejects.toMatchObject({
        status: 429,
        message: expect.stringMatching(/^Too many messages/),
      });
      // The address has points left: another fid from it goes on.
      await limits.consumeAll([
        { name: 'chatPerIp', key: '203.0.113.7' },
        { name: 'chatPerFid', key: 7008 },
      ]);
    });

    it('start again from one point once the window has passed, and are deleted an hour after', async () => {
      const { points, duration } = RATE_LIMITS.deployPerFid;
      for (let taken = 0; taken < points; taken++) await limits.consume('deployPerFid', 5151);
      await expect(limits.consume('deployPerFid', 5151)).rejects.toThrow(RateLimitedError);
      const ended = Date.now() - 1;
      await pool.query('update rate_limits set expire = $1 where key = $2', [ended, 'deployPerFid:5151']);
      await limits.consume('deployPerFid', 5151);
      const restarted = await counter('deployPerFid:5151');
      expect(restarted?.points).toBe(1);
      expect(Number(restarted?.expire)).toBeGreaterThanOrEqual(ended + duration * 1000);

      // Within the hour after its window a counter stays; after it, the cleanup deletes it and no other.
      await pool.query('update rate_limits set expire = $1 where key = $2', [ended, 'deployPerFid:5151']);
      const live = await liveCounters();
      expect(await deleteExpiredCounters(pool)).toBe(0);
      expect(await counter('deployPerFid:5151')).toBeDefined();
      expect(await deleteExpiredCounters(pool, ended + 60 * 60_000 + 1)).toBe(1);
      expect(await counter('deployPerFid:5151')).toBeUndefined();
      expect(await liveCounters()).toBe(live);
    });
  });

  it('two replicas share one count', async () => {
    const logger = pino({ level: 'silent' });
    const pools = [
      createPool(server.config.databaseUrl, { max: 1 }),
      createPool(server.config.databaseUrl, { max: 1 }),
    ];
    try {
      const [first, second] = pools.map((pool) => postgresRateLimits({ pool, logger, trustProxyHops: 0 }));
      const { points } = RATE_LIMITS.deployPerFid;
      for (let taken = 0; taken < points; taken++) await (taken % 2 ? first! : second!).consume('deployPerFid', 4242);
      await expect(first!.consume('deployPerFid', 4242)).rejects.toThrow(RateLimitedError);
      await expect(second!.consume('deployPerFid', 4242)).rejects.toThrow(RateLimitedError);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});
