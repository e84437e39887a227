import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapLocalChain } from '@fartwin/contracts/deployment';
import {
  activityPath,
  apiPaths,
  batteryRelayPath,
  chatResponseSchema,
  errorBodySchema,
  ownerVoicePaths,
  quickAuthPaths,
  twinEconomyPaths,
} from '@fartwin/protocol';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { createPool } from '../src/platform/db/database.ts';
import {
  deleteExpiredCounters,
  postgresRateLimits,
  RATE_LIMITS,
  RateLimitedError,
} from '../src/platform/limits/rate-limits.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { tokenFor } from './quick-auth-client.ts';
import { createTwin, feedTwin, twinAgentId } from './twins.ts';

/** Limits: per fid and per IP, kept in Postgres so every replica sees the same counts. */
describe('limits', () => {
  let server: TestServer;
  let dataDir: string;
  const tokens = new Map<number, string>();
  const request = (path: string, init?: RequestInit) => server.app.request(path, init);
  const tokenOf = async (fid: number) => {
    if (!tokens.has(fid)) tokens.set(fid, await tokenFor(request, fid, appDomain(server.config.publicUrl)));
    return tokens.get(fid)!;
  };
  const chatAs = async (fid: number, conversation: unknown, ip?: string) => {
    return request(apiPaths.chat(twinAgentId('lowcaps-dev')), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await tokenOf(fid)}`,
        ...(ip === undefined ? {} : { 'x-forwarded-for': ip }),
      },
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

  /** A 429 as every limit answers it: Retry-After, and the limit's own sentence. */
  const expectRateLimited = async (response: Response, what: string) => {
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorBodySchema.parse(await response.json())).toEqual({
      code: 'rate_limited',
      error: expect.stringMatching(new RegExp(`^Too many ${what}\\. Please wait \\d+ s and try again\\.$`)),
    });
  };

  it('a flood of chats from one fid is refused with 429 and Retry-After, stores nothing, and leaves others alone', async () => {
    const { points } = RATE_LIMITS.chatPerFid;
    const before = await storedTurns();
    for (let sent = 0; sent < points; sent++) expect((await chatAs(1002, `message ${sent}`)).status).toBe(200);
    await expectRateLimited(await chatAs(1002, 'one more'), 'messages');
    expect(await storedTurns()).toBe(before + 2 * points);
    // Another user talks on.
    const other = await chatAs(1003, 'hello');
    expect(other.status).toBe(200);
    expect(chatResponseSchema.parse(await other.json()).engine).toBe('echo');
  });

  it('chats from one IP are limited to 300 a minute, whichever fids send them', async () => {
    const { points } = RATE_LIMITS.chatPerIp;
    expect(points).toBe(300);
    // Each fid within its own limit (30 a minute): ten of them fill the address's 300.
    const perFid = RATE_LIMITS.chatPerFid.points;
    const fids = Array.from({ length: points / perFid + 1 }, (_, index) => 1010 + index);
    const before = await storedTurns();
    const senders = fids.slice(0, -1);
    for (const fid of senders) await tokenOf(fid);
    // The address's window opens now, as the first message would open it, but for ten minutes: what is
    // counted is the same, and how long 300 messages take on a busy machine cannot end the window early.
    await sql`insert into rate_limits (key, points, expire) values ('chatPerIp:198.51.100.150', 0, ${Date.now() + 600_000})`.execute(
      server.db,
    );
    // The senders side by side, each its messages in turn.
    const statuses = await Promise.all(
      senders.map(async (fid) => {
        const answered: number[] = [];
        for (let sent = 0; sent < perFid; sent++) {
          answered.push((await chatAs(fid, `message ${sent}`, '198.51.100.150')).status);
        }
        return answered;
      }),
    );
    expect(statuses.flat()).toEqual(Array.from({ length: points }, () => 200));
    // A fid that has sent nothing yet is refused from that address, and nothing is stored.
    await expectRateLimited(await chatAs(fids.at(-1)!, 'one more', '198.51.100.150'), 'messages');
    expect(await storedTurns()).toBe(before + 2 * points);
    // The same fid from another address talks on.
    expect((await chatAs(fids.at(-1)!, 'hello', '198.51.100.151')).status).toBe(200);
  }, 120_000);

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

  const deployAs = async (fid: number, ip: string) =>
    request(apiPaths.deploy(fid), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await tokenOf(fid)}`,
        'x-forwarded-for': ip,
      },
      body: JSON.stringify({ choices: [] }),
    });
  const deployments = async () => (await server.db.selectFrom('deployments').select('owner_fid').execute()).length;

  it('deploy attempts are limited per fid: 429 with Retry-After past the limit, nothing started, other fids go on', async () => {
    const { points } = RATE_LIMITS.deployPerFid;
    // Each allowed attempt meets the daily cap (0 here): refused without starting anything.
    for (let attempt = 0; attempt < points; attempt++) expect((await deployAs(1006, '198.51.100.60')).status).toBe(503);
    await expectRateLimited(await deployAs(1006, '198.51.100.61'), 'deploy attempts');
    expect((await deployAs(1007, '198.51.100.60')).status).toBe(503);
    expect(await deployments()).toBe(0);
  });

  it('deploy attempts are limited per IP, whichever fids they are for', async () => {
    const { points } = RATE_LIMITS.deployPerIp;
    const fids = [1008, 1009, 1010];
    for (let attempt = 0; attempt < points; attempt++) {
      expect((await deployAs(fids[attempt % fids.length]!, '198.51.100.70')).status).toBe(503);
    }
    await expectRateLimited(await deployAs(1011, '198.51.100.70'), 'deploy attempts');
    expect((await deployAs(1011, '198.51.100.71')).status).toBe(503);
    expect(await deployments()).toBe(0);
  });

  it("reads that cost something (a new user's questions, twin cards, a twin's activity) share one limit per IP", async () => {
    const { points } = RATE_LIMITS.costlyReadPerIp;
    expect(points).toBe(300);
    const read = (path: string, ip: string) => request(path, { headers: { 'x-forwarded-for': ip } });
    const questions = apiPaths.agentsByFid(1012);
    const card = `/images/agents/${twinAgentId('no-such-twin')}.png`;
    for (let taken = 0; taken < points; taken++) {
      const response = await read(taken % 2 ? card : questions, '198.51.100.80');
      expect(response.status).toBe(taken % 2 ? 404 : 200);
    }
    await expectRateLimited(await read(questions, '198.51.100.80'), 'requests');
    await expectRateLimited(await read(card, '198.51.100.80'), 'requests');
    await expectRateLimited(await read(activityPath(twinAgentId('lowcaps-dev')), '198.51.100.80'), 'requests');
    expect((await read(activityPath(twinAgentId('lowcaps-dev')), '198.51.100.81')).status).toBe(200);
    // A user with a twin is answered from what is stored, no cost: not limited.
    expect((await read(apiPaths.agentsByFid(1001), '198.51.100.80')).status).toBe(200);
    expect((await read(questions, '198.51.100.81')).status).toBe(200);
  });

  it('webhook deliveries are limited per IP, and one past the limit changes nothing', async () => {
    const { points } = RATE_LIMITS.webhookPerIp;
    const deliver = (body: string, ip: string) =>
      request('/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body,
      });
    for (let taken = 0; taken < points; taken++) expect((await deliver('{}', '198.51.100.90')).status).toBe(400);
    await expectRateLimited(await deliver('{}', '198.51.100.90'), 'deliveries');
    expect((await deliver('{}', '198.51.100.91')).status).toBe(400);
    expect(await server.db.selectFrom('webhook_events').selectAll().execute()).toEqual([]);
  });

  it('signed revivals, wallet views, withdrawals and cast refreshes are each limited through their route, at their number', async () => {
    const twin = twinAgentId('lowcaps-dev');
    const send = async (path: string, options: { method?: string; fid?: number; ip: string; body?: string }) =>
      request(path, {
        method: options.method ?? 'POST',
        headers: {
          'x-forwarded-for': options.ip,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.fid === undefined ? {} : { authorization: `Bearer ${await tokenOf(options.fid)}` }),
        },
        ...(options.body === undefined ? {} : { body: options.body }),
      });
    const cases = [
      // Per IP: anyone may relay a signed battery for any twin.
      { limit: 'batteryRelayPerIp', points: 10, what: 'signed revivals', path: batteryRelayPath(twin), body: '{}' },
      // Per fid: the wallet view (chain reads), withdrawals (transactions) and "Refresh from my casts".
      { limit: 'costlyReadPerFid', points: 60, what: 'requests', path: twinEconomyPaths.wallet(twin), method: 'GET' },
      {
        limit: 'withdrawPerFid',
        points: 20,
        what: 'withdrawals',
        path: twinEconomyPaths.withdrawals(twin),
        body: '{}',
      },
      { limit: 'castRefreshPerFid', points: 5, what: 'refreshes', path: ownerVoicePaths.learn(twin) },
    ] as const;
    for (const [index, { limit, points, what, path, ...call }] of cases.entries()) {
      expect(RATE_LIMITS[limit].points, limit).toBe(points);
      const perFid = limit !== 'batteryRelayPerIp';
      // Someone else than the twin's owner: each answer within the limit is a refusal that changes
      // nothing. Each limit counts by its own name, so one fid serves them all.
      const asker = { ...call, ip: `198.51.100.${120 + index}`, ...(perFid ? { fid: 1002 } : {}) };
      const within = new Set<number>();
      for (let taken = 0; taken < points; taken++) within.add((await send(path, asker)).status);
      expect(
        [...within].some((status) => status === 429),
        limit,
      ).toBe(false);
      await expectRateLimited(await send(path, asker), what);
      // The next one counts apart: another IP, or (per fid) the same IP for another fid.
      const other = perFid ? { ...asker, fid: 1003 } : { ...asker, ip: `198.51.100.${140 + index}` };
      expect((await send(path, other)).status, limit).not.toBe(429);
    }
    // Nothing was recorded to sign: no relay, no withdrawal.
    expect(await server.db.selectFrom('outbox_transactions').selectAll().execute()).toEqual([]);
  });

  it("an owner's settings changes are limited per fid, and the one past the limit is not saved", async () => {
    const { points } = RATE_LIMITS.writePerFid;
    const change = async (contentWriter: boolean, ip = '198.51.100.100') =>
      request(apiPaths.agentActions(twinAgentId('lowcaps-dev')), {
        method: 'PATCH',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${await tokenOf(1001)}`,
          'x-forwarded-for': ip,
        },
        body: JSON.stringify({ contentWriter }),
      });
    const saved = async () =>
      (
        await server.db
          .selectFrom('agent_actions')
          .select('content_writer')
          .where('agent_id', '=', twinAgentId('lowcaps-dev'))
          .executeTakeFirstOrThrow()
      ).content_writer;
    for (let taken = 0; taken < points; taken++) expect((await change(taken % 2 === 0)).status).toBe(200);
    // The last allowed change turned it off; the refused one would turn it on, from another IP too.
    expect(await saved()).toBe(false);
    await expectRateLimited(await change(true, '198.51.100.101'), 'changes');
    expect(await saved()).toBe(false);
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

      // Counters whose windows other tests ended are cleared first, so that what follows counts this one's.
      await deleteExpiredCounters(pool, Date.now() + 60 * 60_000);
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

/** MAX_DEPLOYS_PER_DAY above zero: new twins in the last 24 hours, across all users, up to the cap. */
describe('the daily deploy cap', () => {
  let server: TestServer;
  const request = (path: string, init?: RequestInit) => server.app.request(path, init);
  /** A deployment of `fid` started `hoursAgo` (one that failed: nothing would pick it up again). */
  const startedFor = (fid: number, hoursAgo: number) =>
    sql`
      insert into deployments (owner_fid, agent_id, choices, character, status, steps, created_at)
      values (${fid}, ${`earlier-${fid}`}, '[]', '{}', 'failed', '{}', now() - make_interval(hours => ${hoursAgo}))
    `.execute(server.db);
  const deploy = async (fid: number) =>
    request(apiPaths.deploy(fid), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await tokenFor(request, fid, appDomain(server.config.publicUrl))}`,
      },
      body: JSON.stringify({ choices: [] }),
    });

  beforeAll(async () => {
    server = await startTestServer({ MAX_DEPLOYS_PER_DAY: '2' });
    await seedLocalNetwork(server.db, server.config.publicUrl);
  }, 180_000);
  afterAll(() => server?.close());

  it('lets deploys through below the cap, refuses new ones at it with 503 daily_deploy_limit, and counts only 24 hours', async () => {
    // One of two today: a new user's deploy passes the cap (and is then refused for its empty choices).
    await startedFor(1002, 1);
    await startedFor(1003, 30);
    const below = await deploy(1004);
    expect(below.status).toBe(400);
    expect(errorBodySchema.parse(await below.json()).code).toBe('invalid_choices');

    await startedFor(1005, 23);
    const atCap = await deploy(1004);
    expect(atCap.status).toBe(503);
    expect(atCap.headers.get('retry-after')).toBe('3600');
    expect(errorBodySchema.parse(await atCap.json())).toEqual({
      code: 'daily_deploy_limit',
      error: 'Fartwin has created as many new twins as it can for today. Please try again tomorrow.',
    });
    // A user whose deployment exists is no new spending: their retry passes the cap.
    const retry = await deploy(1002);
    expect(retry.status).toBe(400);
    expect(errorBodySchema.parse(await retry.json()).code).toBe('invalid_choices');
    expect(
      (await server.db.selectFrom('deployments').select('owner_fid').orderBy('owner_fid').execute()).map((row) =>
        Number(row.owner_fid),
      ),
    ).toEqual([1002, 1003, 1005]);
  });
});
