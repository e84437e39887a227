import { agentTokenFactoryAbi, fartwinLifeAbi } from '@fartwin/contracts';
import { createLocalClients, readDeployment } from '@fartwin/contracts/deployment';
import { getFreePort, localUserAccount } from '@fartwin/localstack';
import {
  apiPaths,
  chatResponseSchema,
  deployResponseSchema,
  errorBodySchema,
  ownerVoicePaths,
  ownerVoiceResponseSchema,
  walletSignInPaths,
  walletSignInResponseSchema,
} from '@fartwin/protocol';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { LIFE_WATCH_QUEUE } from '../src/notify/life-watch.ts';
import { createDb, type Db } from '../src/platform/db/database.ts';
import { startJobQueue } from '../src/platform/jobs/job-queue.ts';
import { RATE_LIMITS } from '../src/platform/limits/rate-limits.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { appKey, CLIENT_FID } from './app-key.ts';
import { type FakeFarcasterClient, startFakeFarcasterClient } from './fake-farcaster-client.ts';
import { createTestDatabase } from './harness.ts';
import { tokenFor } from './quick-auth-client.ts';
import { type ProcessStack, type ServerProcess, startProcessStack, startServerProcess } from './server-process.ts';
import { advanceChainTime, leaningCharacter, storedExpiry } from './twins.ts';
import { walletClient } from './wallet-client.ts';

/** A sample twin's owner (local mode deploys the sample twins at start-up), who turns notifications on. */
const NOTIFIED_OWNER = 1001;
const HOUR = 60 * 60;

/**
 * Scale-out: two bot service processes (src/main.ts, as in production) on one Postgres
 * and one chain. Whatever replica a request reaches, and whichever runs a job, each thing happens
 * once: one deployment per fid, one of each battery warning and death notice, a webhook event taken
 * once, one rate limit; and a replica killed mid-deploy loses nothing.
 */
describe('two replicas on one Postgres', () => {
  let stack: ProcessStack;
  let client: FakeFarcasterClient;
  let db: Db;
  let publicUrl: string;
  let portA: number;
  let replicaA: ServerProcess;
  let replicaB: ServerProcess;
  const startReplica = (port: number) =>
    startServerProcess(
      stack,
      {
        // Both serve one public origin (the load balancer's): tokens either issues, both accept.
        PUBLIC_URL: publicUrl,
        LIFE_WATCH_INTERVAL_SECONDS: '1',
        REQUEST_BUDGET_SECONDS: '5',
        DIRECTORY_CACHE_MS: '0',
        // Behind one proxy: the rate-limit test speaks for a client address of its own.
        TRUST_PROXY_HOPS: '1',
      },
      { port },
    );

  beforeAll(async () => {
    stack = await startProcessStack('replicas');
    client = await startFakeFarcasterClient();
    db = createDb(stack.databaseUrl, { max: 2 });
    portA = await getFreePort();
    publicUrl = `http://127.0.0.1:${portA}`;
    // Both start at once: migrations, the local network's seed and the sample twins race.
    [replicaA, replicaB] = await Promise.all([startReplica(portA), startReplica(await getFreePort())]);
  }, 240_000);
  afterAll(async () => {
    await Promise.all([replicaA?.stop(), replicaB?.stop()]);
    await db?.destroy();
    await client?.close();
    await stack?.stop();
  });

  const tokens = new Map<number, string>();
  const token = async (fid: number) => {
    if (!tokens.has(fid)) tokens.set(fid, await tokenFor(replicaA.request, fid, appDomain(publicUrl)));
    return tokens.get(fid)!;
  };
  const deploy = async (replica: ServerProcess, fid: number) => {
    const { choices } = await leaningCharacter(db, fid);
    const response = await replica.request(apiPaths.deploy(fid), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await token(fid)}` },
      body: JSON.stringify({ choices }),
      // A deploy call waits for the pipeline.
      signal: AbortSignal.timeout(150_000),
    });
    return { status: response.status, body: deployResponseSchema.parse(await response.json()) };
  };
  const agentsOf = (fid: number) => db.selectFrom('agents').selectAll().where('owner_fid', '=', fid).execute();
  /** What a deploy made on the chain and the network, for the twin of `fid`. */
  const madeFor = async (fid: number) => {
    const [twin] = await agentsOf(fid);
    const accounts = await db
      .selectFrom('social_accounts')
      .select('fid')
      .where('custody_address', '=', twin!.wallet_address)
      .execute();
    const deployment = readDeployment(stack.env.DEPLOYMENT_FILE!);
    const { publicClient } = createLocalClients(stack.anvil.rpcUrl);
    const payments = (
      await publicClient.getContractEvents({
        address: deployment.fartwinLife,
        abi: fartwinLifeAbi,
        eventName: 'LifeExtended',
        fromBlock: BigInt(deployment.deployedAtBlock),
      })
    ).filter((event) => event.args.agentId === twin!.agent_id);
    const tokensMinted = await publicClient.getContractEvents({
      address: deployment.agentTokenFactory,
      abi: agentTokenFactoryAbi,
      eventName: 'AgentTokenCreated',
      args: { recipient: twin!.wallet_address as `0x${string}` },
      fromBlock: BigInt(deployment.deployedAtBlock),
    });
    return { twin: twin!, accounts: accounts.length, payments: payments.length, tokens: tokensMinted.length };
  };

  it('shares the rate limits: N allowed across both together, then 429 with Retry-After from either', async () => {
    const { points } = RATE_LIMITS.noncePerIp;
    const nonce = (replica: ServerProcess) =>
      replica.request('/nonce', { method: 'POST', headers: { 'x-forwarded-for': '198.51.100.7' } });
    let allowed = 0;
    for (let attempt = 0; attempt < points * 2; attempt++) {
      const response = await nonce(attempt % 2 === 0 ? replicaA : replicaB);
      if (response.status !== 200) {
        expect(response.status).toBe(429);
        break;
      }
      allowed++;
    }
    expect(allowed).toBe(points);
    for (const replica of [replicaA, replicaB]) {
      const refused = await nonce(replica);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(errorBodySchema.parse(await refused.json()).code).toBe('rate_limited');
    }
    // Another client is not held to that one's limit.
    expect((await replicaB.request('/nonce', { method: 'POST' })).status).toBe(200);
  });

  it('takes a webhook event once: the same event sent to the other replica is a replay', async () => {
    const { publicKey, sign } = appKey(NOTIFIED_OWNER);
    const registered = await replicaA.request('/local-network/app-keys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fid: NOTIFIED_OWNER, appFid: CLIENT_FID, publicKey }),
    });
    expect(registered.status).toBe(200);

    const event = JSON.stringify(
      sign({ event: 'miniapp_added', notificationDetails: { url: client.url, token: `token-${NOTIFIED_OWNER}` } }),
    );
    const post = (replica: ServerProcess) =>
      replica.request('/webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body: event });
    expect((await post(replicaA)).status).toBe(200);
    for (const replica of [replicaB, replicaA]) {
      const replayed = await post(replica);
      expect(replayed.status).toBe(409);
      expect(errorBodySchema.parse(await replayed.json()).code).toBe('replayed_event');
    }
    const stored = await db.selectFrom('notification_tokens').selectAll().where('fid', '=', NOTIFIED_OWNER).execute();
    expect(stored.map((row) => row.token)).toEqual([`token-${NOTIFIED_OWNER}`]);
  });

  it("signs a web session out on every replica at once, and the user's other session goes on", async () => {
    const [first, second] = [replicaA, replicaB];
    const wallet = walletClient(() => ({ request: first.request, publicUrl }), '198.51.100.20');
    const account = localUserAccount(1002);
    const signIn = async () => walletSignInResponseSchema.parse(await (await wallet.signIn(account)).json()).token;
    const [ended, kept] = [await signIn(), await signIn()];
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const progress = async (replica: ServerProcess, token: string) =>
      (await replica.request(apiPaths.deployProgress(1002), { headers: bearer(token) })).status;
    // Both have checked the token before: neither may keep trusting it.
    expect([await progress(first, ended), await progress(second, ended)]).toEqual([200, 200]);

    const signedOut = await second.request(walletSignInPaths.signOut, { method: 'POST', headers: bearer(ended) });
    expect(signedOut.status).toBe(200);
    expect([await progress(first, ended), await progress(second, ended)]).toEqual([401, 401]);
    expect([await progress(first, kept), await progress(second, kept)]).toEqual([200, 200]);
  });

  it("hears an owner's voice change made on one replica in the next reply on the other, and its revert", async () => {
    // The sample twins are deployed by a job at start-up.
    const agentId = await vi.waitFor(
      async () => {
        const [twin] = await agentsOf(NOTIFIED_OWNER);
        if (!twin) throw new Error('the sample twin is not deployed yet');
        return twin.agent_id;
      },
      { timeout: 150_000, interval: 500 },
    );
    // A fresh asker each time: the reply depends on the voice alone, not on an earlier conversation.
    const ask = async (replica: ServerProcess, fid: number) => {
      const response = await replica.request(apiPaths.chat(agentId), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await token(fid)}` },
        body: JSON.stringify({ conversation: 'what do you think of ramen?', fid }),
      });
      expect(response.status).toBe(200);
      const body = chatResponseSchema.parse(await response.json());
      expect(body.engine).toBe('echo');
      return body.message;
    };
    const asOwner = async (path: string, method: string, body: unknown) =>
      replicaA.request(path, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await token(NOTIFIED_OWNER)}` },
        body: JSON.stringify(body),
      });
    // Replica B keeps the deploy's character in memory.
    const before = await ask(replicaB, 1011);
    expect(before.toLowerCase()).toContain('ramen');

    const read = await replicaA.request(ownerVoicePaths.voice(agentId), {
      headers: { authorization: `Bearer ${await token(NOTIFIED_OWNER)}` },
    });
    const { voice } = ownerVoiceResponseSchema.parse(await read.json());
    const changed = await asOwner(ownerVoicePaths.voice(agentId), 'PUT', { ...voice, avoidTopics: ['ramen'] });
    expect(changed.status).toBe(200);
    const declined = await ask(replicaB, 1012);
    expect(declined.toLowerCase()).not.toContain('ramen');

    const reverted = await asOwner(ownerVoicePaths.revert(agentId), 'POST', { version: 1 });
    expect(reverted.status).toBe(200);
    expect(await ask(replicaB, 1013)).toBe(before);
  });

  it('makes one deployment of a fid deployed through both replicas at once (and one of each sample twin)', async () => {
    const [first, second] = await Promise.all([deploy(replicaA, 1004), deploy(replicaB, 1004)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.agentId).toBeDefined();
    expect(second.body.agentId).toBe(first.body.agentId);
    const made = await madeFor(1004);
    expect(made).toMatchObject({ accounts: 1, payments: 1, tokens: 1 });
    expect(made.twin.agent_id).toBe(first.body.agentId);
    expect(await agentsOf(1004)).toHaveLength(1);

    // The sample twins both replicas set out to deploy at start-up: one each.
    for (const owner of [1001, 1002, 1003]) {
      await vi.waitFor(async () => expect(await agentsOf(owner)).toHaveLength(1), { timeout: 120_000, interval: 500 });
      expect(await madeFor(owner)).toMatchObject({ accounts: 1, payments: 1, tokens: 1 });
    }
  }, 300_000);

  it('loses nothing when a replica is killed mid-deploy: the other one finishes it, paying and minting once', async () => {
    const OWNER = 1005;
    // The deploy goes to A and its job runs there: B is frozen meanwhile, and the chain too, so the
    // job stops in its first chain step.
    replicaB.pause();
    stack.anvil.pause();
    let killed = false;
    try {
      const lost = deploy(replicaA, OWNER).catch((error: unknown) => error);
      await vi.waitFor(
        async () => {
          const row = await db
            .selectFrom('deployments')
            .select('steps')
            .where('owner_fid', '=', OWNER)
            .executeTakeFirst();
          expect((row?.steps as Record<string, { status: string }> | undefined)?.token?.status).toBe('running');
        },
        { timeout: 60_000, interval: 100 },
      );
      await replicaA.kill();
      killed = true;
      // The caller's connection went with the replica.
      expect(await lost).toBeInstanceOf(Error);
    } finally {
      stack.anvil.resume();
      replicaB.resume();
    }
    expect(killed).toBe(true);

    // The replica that is left takes the deployment over and finishes it, without anyone asking.
    const status = async () =>
      (await db.selectFrom('deployments').select('status').where('owner_fid', '=', OWNER).executeTakeFirstOrThrow())
        .status;
    await vi.waitFor(async () => expect(await status()).toBe('completed'), { timeout: 90_000, interval: 500 });
    // The user, whose call was cut, tries again: the twin is there.
    const retried = await deploy(replicaB, OWNER);
    expect(retried.status).toBe(200);
    expect(retried.body.agentId).toBeDefined();
    const made = await madeFor(OWNER);
    expect(made).toMatchObject({ accounts: 1, payments: 1, tokens: 1 });
    expect(made.twin.agent_id).toBe(retried.body.agentId);
    const deployment = await db
      .selectFrom('deployments')
      .select(['status', 'token_address'])
      .where('owner_fid', '=', OWNER)
      .executeTakeFirstOrThrow();
    expect(deployment).toEqual({ status: 'completed', token_address: made.twin.token_address });

    // The killed replica comes back (a new process on its port) and serves again.
    replicaA = await startReplica(portA);
    expect(await replicaA.status(apiPaths.agentsByFid(OWNER))).toBe(200);
  }, 300_000);

  it('sends each battery warning and death notice once, whichever replica ticks', async () => {
    const [twin] = await agentsOf(NOTIFIED_OWNER);
    const agentId = twin!.agent_id;
    await vi.waitFor(async () => expect(await storedExpiry(db, agentId)).toBeGreaterThan(0), { timeout: 30_000 });
    const expiresAt = (await storedExpiry(db, agentId))!;
    const { publicClient } = createLocalClients(stack.anvil.rpcUrl);
    const chainNow = async () => Number((await publicClient.getBlock()).timestamp);
    const ids = () => client.notifications.map((notification) => notification.notificationId);

    // Twelve hours of battery left: both replicas' life watches see the warning due.
    await advanceChainTime(stack.anvil.rpcUrl, expiresAt - 12 * HOUR - (await chainNow()));
    const warning = `battery-warning:${agentId}:${expiresAt}`;
    await vi.waitFor(() => expect(ids()).toContain(warning), { timeout: 30_000, interval: 250 });
    // Dead.
    await advanceChainTime(stack.anvil.rpcUrl, expiresAt + HOUR - (await chainNow()));
    const death = `dead:${agentId}:${expiresAt}`;
    await vi.waitFor(() => expect(ids()).toContain(death), { timeout: 30_000, interval: 250 });

    // More ticks, whichever replica runs them, which must not send them again: three whole ticks that
    // started after the death notice arrived (ticks never overlap, so each saw it recorded).
    // Only this twin's rows: the other twins on the chain die by the same jump, on whichever tick.
    const recorded = () =>
      db.selectFrom('life_notifications').select('kind').where('agent_id', '=', agentId).orderBy('kind').execute();
    const ticksLater = await recorded();
    const since = new Date();
    const ticksSince = async () =>
      (
        await sql<{ ticks: number }>`
          select count(*)::int as ticks from pgboss.job
          where name = ${LIFE_WATCH_QUEUE} and state = 'completed' and started_on > ${since}`.execute(db)
      ).rows[0]!.ticks;
    await vi.waitFor(async () => expect(await ticksSince()).toBeGreaterThanOrEqual(3), {
      timeout: 30_000,
      interval: 250,
    });
    expect(ids().filter((id) => id === warning)).toEqual([warning]);
    expect(ids().filter((id) => id === death)).toEqual([death]);
    expect(new Set(ids()).size).toBe(ids().length);
    expect(await recorded()).toEqual(ticksLater);
    expect([replicaA.exitCode(), replicaB.exitCode()]).toEqual([null, null]);
  }, 120_000);
});

/** What replicas starting together on a fresh database do at once, in-process, many times over. */
describe('replicas starting together', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it('seed the local network once between them', async () => {
    const seeded = await Promise.all([1, 2, 3].map(() => seedLocalNetwork(database.db, 'http://localhost:3001')));
    expect(seeded.sort()).toEqual([0, 0, 20]);
  });

  it('create their job queues without one of them failing on a deadlock', async () => {
    const logger = pino({ level: 'silent' });
    const replicas = await Promise.all([1, 2, 3].map(() => startJobQueue(database.url, logger)));
    try {
      // Each replica creates the app's queues one after another as its modules start, in its own order.
      const queues = Array.from({ length: 6 }, (_, index) => `start-up-${index}`);
      await Promise.all(
        replicas.map(async (boss, index) => {
          for (const queue of index % 2 ? [...queues].reverse() : queues) await boss.createQueue(queue);
        }),
      );
      const created = (await replicas[0]!.getQueues()).map((queue) => queue.name);
      expect(created.filter((name) => name.startsWith('start-up-')).sort()).toEqual([...queues].sort());
    } finally {
      await Promise.all(replicas.map((boss) => boss.stop({ graceful: false, wait: true })));
    }
  });
});
