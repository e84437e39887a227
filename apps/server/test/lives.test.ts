import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapLocalChain, type Deployment } from '@fartwin/contracts/deployment';
import { type Agent, agentsResponseSchema, apiPaths, chatResponseSchema } from '@fartwin/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { twinEmbedSvg } from '../src/manifest/images.ts';
import { createChainClient } from '../src/platform/chain/client.ts';
import { chainLifeReader, type LifeReader } from '../src/platform/chain/life.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { LOCAL_FIREHOSE_QUEUE, SCHEDULE_QUEUE } from '../src/twin-actions/twin-actions.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { tokenFor } from './quick-auth-client.ts';
import { advanceChainTime, createTwin, feedTwin, twinAgentId } from './twins.ts';

const DAY = 24 * 60 * 60;
const LIFE_WATCH_INTERVAL_SECONDS = 3_600;

/**
 * Lives on request paths come from agent_lives (the LifeExtended index), never from an RPC per
 * request. The life watch ticks hourly here, and the schedules and the local feed (which
 * make a pass of the index too) are stopped, so only `syncLives()` (the tick's index pass) moves the
 * index, and the test decides when a tick has happened.
 */
describe('lives from the index', () => {
  let server: TestServer;
  let deployment: Deployment;
  let dataDir: string;
  let domain: string;
  /** Contract reads by request paths (isAlive); the indexer's backfill uses expirations. */
  const chainReads = { isAlive: 0 };
  let contractLife: LifeReader;
  const countingLife: LifeReader = {
    expirations: (agentIds) => contractLife.expirations(agentIds),
    isAlive: (agentId) => {
      chainReads.isAlive++;
      return contractLife.isAlive(agentId);
    },
  };
  const tokens = new Map<number, string>();
  const request = (path: string, init?: RequestInit) => server.app.request(path, init);
  const chatAs = async (agentId: string, fid: number, message: string) => {
    if (!tokens.has(fid)) tokens.set(fid, await tokenFor(request, fid, domain));
    const response = await request(apiPaths.chat(agentId), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.get(fid)}` },
      body: JSON.stringify({ conversation: message, fid }),
    });
    expect(response.status).toBe(200);
    return chatResponseSchema.parse(await response.json());
  };
  const directory = async (): Promise<Map<string, Agent['life']>> => {
    const response = await request(`${apiPaths.agents}?limit=50`);
    expect(response.status).toBe(200);
    const page = agentsResponseSchema.parse(await response.json());
    return new Map(page.agents.map((twin) => [twin.agentId, twin.life]));
  };
  const expiryOnChain = async (agentId: string) => (await contractLife.expirations([agentId])).get(agentId)!;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fartwin-lives-'));
    const deploymentFile = join(dataDir, 'deployment.json');
    server = await startTestServer(
      { DEPLOYMENT_FILE: deploymentFile, LIFE_WATCH_INTERVAL_SECONDS: String(LIFE_WATCH_INTERVAL_SECONDS) },
      { life: countingLife },
    );
    for (const queue of [SCHEDULE_QUEUE, LOCAL_FIREHOSE_QUEUE]) await server.jobs.offWork(queue);
    contractLife = chainLifeReader(createChainClient(server.anvil.rpcUrl), server.services.contracts);
    domain = appDomain(server.config.publicUrl);
    await seedLocalNetwork(server.db, server.config.publicUrl);
    deployment = await bootstrapLocalChain({ rpcUrl: server.anvil.rpcUrl, deploymentFile });
    for (const fid of [1001, 1002, 1005]) await createTwin(server.db, fid);
    await feedTwin(server.anvil.rpcUrl, deployment, twinAgentId('lowcaps-dev'));
    await feedTwin(server.anvil.rpcUrl, deployment, twinAgentId('gmbeans'));
    await server.syncLives();
  }, 180_000);
  afterAll(async () => {
    server.anvil.resume();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a revival shows in the directory after one indexer tick, not before', async () => {
    const firstExpiry = await expiryOnChain(twinAgentId('lowcaps-dev'));
    expect((await directory()).get(twinAgentId('lowcaps-dev'))).toEqual({ expirationTime: firstExpiry });

    await advanceChainTime(server.anvil.rpcUrl, 8 * DAY);
    const now = await server.syncLives();
    expect(now).toBeGreaterThan(firstExpiry);
    // Dead, as the fresh index knows: its expiry is in the past.
    expect((await directory()).get(twinAgentId('lowcaps-dev'))).toEqual({ expirationTime: firstExpiry });

    await feedTwin(server.anvil.rpcUrl, deployment, twinAgentId('lowcaps-dev'));
    const revivedExpiry = await expiryOnChain(twinAgentId('lowcaps-dev'));
    expect(revivedExpiry).toBeGreaterThan(now!);
    // Until the indexer's next tick the directory still has the old expiry …
    expect((await directory()).get(twinAgentId('lowcaps-dev'))).toEqual({ expirationTime: firstExpiry });
    const before = (await request(apiPaths.agents)).headers.get('etag');
    await server.syncLives();
    // … and after it, the revival, under a new validator (a cached page is not reused).
    expect((await directory()).get(twinAgentId('lowcaps-dev'))).toEqual({ expirationTime: revivedExpiry });
    expect((await request(apiPaths.agents)).headers.get('etag')).not.toBe(before);
  });

  it("a paused RPC does not slow the directory or the chat's dead/alive decision", async () => {
    // lowcaps-dev's twin is alive (revived above), gmbeans' twin died with the 8 days, dr-witness' twin
    // was never indexed (its row is gone, as for a twin the indexer has not reached yet).
    await server.db.deleteFrom('agent_lives').where('agent_id', '=', twinAgentId('dr-witness')).execute();
    const gmbeansExpiry = await expiryOnChain(twinAgentId('gmbeans'));
    const readsBefore = chainReads.isAlive;
    server.anvil.pause();
    try {
      // Any RPC on these paths would hang on the frozen chain and fail the test by its timeout.
      const lives = await directory();
      expect(lives.get(twinAgentId('lowcaps-dev'))?.expirationTime).toBeGreaterThan(Math.floor(Date.now() / 1000));
      expect(lives.get(twinAgentId('gmbeans'))).toEqual({ expirationTime: gmbeansExpiry });
      expect(lives.get(twinAgentId('dr-witness'))).toEqual({ expirationTime: null });

      // Alive from the index: answered with no contract read at all.
      expect((await chatAs(twinAgentId('lowcaps-dev'), 1002, 'still there?')).engine).toBe('echo');
      expect(chainReads.isAlive).toBe(readsBefore);

      // An indexed death is confirmed on the chain within a budget (a revival may be newer than the
      // index); the frozen chain does not answer, so the fresh index's death stands.
      const dead = await chatAs(twinAgentId('gmbeans'), 1001, 'hello?');
      expect(dead).toEqual({ message: expect.stringContaining('Agent is dead.'), engine: 'none' });
      expect(chainReads.isAlive).toBe(readsBefore + 1);

      // Unknown is never dead: the twin answers.
      expect((await chatAs(twinAgentId('dr-witness'), 1001, 'hello?')).engine).toBe('echo');
      expect(chainReads.isAlive).toBe(readsBefore + 2);
    } finally {
      server.anvil.resume();
    }
  });

  it('a chat right after a revival, before the next tick, reaches the living twin', async () => {
    await feedTwin(server.anvil.rpcUrl, deployment, twinAgentId('gmbeans'));
    // The index still says dead; the contract says alive and wins.
    expect((await directory()).get(twinAgentId('gmbeans'))?.expirationTime).toBeLessThan(
      await expiryOnChain(twinAgentId('gmbeans')),
    );
    expect((await chatAs(twinAgentId('gmbeans'), 1001, 'back?')).engine).toBe('echo');
  });

  it('an index that stopped catching up reports a past expiry as unknown, never as dead', async () => {
    await advanceChainTime(server.anvil.rpcUrl, 8 * DAY);
    await server.syncLives();
    const dead = await directory();
    expect(dead.get(twinAgentId('lowcaps-dev'))?.expirationTime).toEqual(expect.any(Number));

    // The index's last catch-up with the chain is more than three ticks old.
    await server.db
      .updateTable('chain_cursors')
      .set({ block: Math.floor(Date.now() / 1000) - 4 * LIFE_WATCH_INTERVAL_SECONDS })
      .where('name', '=', 'life-extended-synced-at')
      .execute();
    // (greatest() keeps a recorded sync from moving back; this test rewrites the row directly.)
    const stale = await directory();
    expect(stale.get(twinAgentId('lowcaps-dev'))).toEqual({ expirationTime: null });
    expect(stale.get(twinAgentId('gmbeans'))).toEqual({ expirationTime: null });

    // The twin's shared card says so, rather than showing an empty battery.
    const card = await request(`/images/agents/${twinAgentId('lowcaps-dev')}.png`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    expect(twinEmbedSvg({ displayName: 'Twin', username: 'twin', tokenSymbol: 'TWIN', secondsLeft: null })).toContain(
      'Battery level being checked',
    );

    // The next tick catches up, and the deaths are known again.
    await server.syncLives();
    expect((await directory()).get(twinAgentId('lowcaps-dev'))).toEqual(dead.get(twinAgentId('lowcaps-dev')));
  });
});
