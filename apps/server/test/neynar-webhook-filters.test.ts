import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { syncCastWebhooks } from '../src/cast-webhooks/cast-webhook-sync.ts';
import { createDeployment, findDeployment, recordOutputs } from '../src/deploy/deployment-store.ts';
import { type DeployDeps, deploySteps } from '../src/deploy/steps.ts';
import { createDb, type Db } from '../src/platform/db/database.ts';
import { localCastWebhooks } from '../src/platform/providers/cast-webhooks.ts';
import { neynarCastWebhooks } from '../src/platform/providers/neynar-cast-webhooks.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { createTestDatabase, PRODUCTION_TEST_ENV, startTestServer } from './harness.ts';
import { type NeynarStandIn, STAND_IN_API_KEY, startNeynarStandIn } from './neynar-stand-in.ts';
import { createTwin, leaningCharacter } from './twins.ts';

const silent = { info() {}, error() {}, warn() {} } as never;

/**
 * Production's twins hear their tags through Neynar's cast.created webhooks: a deploy adds the new
 * twin's fid to a webhook's filters (mentioned_fids, parent_author_fids), and a reconcile makes the
 * filters equal to the twins in the database, across several webhooks when one is full.
 */
describe('the Neynar webhooks’ filters follow the twins', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let neynar: NeynarStandIn;
  const step = deploySteps.find((each) => each.name === 'listen-for-tags')!;
  const webhooksOf = (max: number, ids = ['wh-1', 'wh-2']) =>
    neynarCastWebhooks({ apiKey: STAND_IN_API_KEY, baseUrl: neynar.url, webhookIds: ids, maxFidsPerWebhook: max });
  const puts = () => neynar.calls().filter((call) => call === 'PUT /v2/farcaster/webhook/').length;

  /** A deployment whose social-account step made the twin's account with this fid. */
  const deploymentWithTwin = async (ownerFid: number, twinFid: number) => {
    const { choices, character } = await leaningCharacter(db, 1001);
    await createDeployment(db, { ownerFid, agentId: randomUUID(), choices, character });
    await recordOutputs(db, ownerFid, { twinFid });
    return (await findDeployment(db, ownerFid))!;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await seedLocalNetwork(db, 'http://localhost:3000');
    neynar = await startNeynarStandIn();
  });
  afterAll(async () => {
    await neynar?.close();
    await database?.drop();
  });
  beforeEach(async () => {
    neynar.webhooks.clear();
    neynar.requests.length = 0;
    neynar.limitFiltersTo(Number.POSITIVE_INFINITY);
    await db.deleteFrom('deployments').execute();
    await db.deleteFrom('agents').execute();
  });
  afterEach(() => expect(neynar.violations.splice(0)).toEqual([]));

  it('the deploy step adds the new twin to a webhook, keeps the operator’s other filters, and does nothing the second time', async () => {
    neynar.addWebhook('wh-1', {
      'cast.created': { exclude_author_fids: [5], mentioned_fids: [77], parent_author_fids: [77] },
      'follow.created': { fids: [3] },
    });
    neynar.addWebhook('wh-2');
    const deployment = await deploymentWithTwin(5001, 905_001);
    const deps = { db, castWebhooks: webhooksOf(10) } as unknown as DeployDeps;

    await step.run(deployment, deps);
    expect(neynar.castFilter('wh-1')).toEqual({ mentioned: [77, 905_001], replies: [77, 905_001] });
    expect(neynar.webhooks.get('wh-1')!.filters).toMatchObject({
      'cast.created': { exclude_author_fids: [5] },
      'follow.created': { fids: [3] },
    });
    expect(neynar.webhooks.get('wh-1')!.title).toBe('fartwin wh-1');
    expect(puts()).toBe(1);

    // A retried step (a crash after the update, before it was recorded): nothing to change.
    await step.run(deployment, deps);
    expect(puts()).toBe(1);
    expect(neynar.castFilter('wh-2')).toEqual({ mentioned: [], replies: [] });
  });

  it('a full webhook sends new twins to the next; with no room left the step fails saying so', async () => {
    neynar.addWebhook('wh-1');
    neynar.addWebhook('wh-2');
    // Neynar refuses filters above its limit; the code keeps under the configured one.
    neynar.limitFiltersTo(2);
    const deps = { db, castWebhooks: webhooksOf(2) } as unknown as DeployDeps;
    for (const [index, fid] of [905_011, 905_012, 905_013, 905_014].entries()) {
      await step.run(await deploymentWithTwin(5011 + index, fid), deps);
    }
    expect(neynar.castFilter('wh-1')).toEqual({ mentioned: [905_011, 905_012], replies: [905_011, 905_012] });
    expect(neynar.castFilter('wh-2')).toEqual({ mentioned: [905_013, 905_014], replies: [905_013, 905_014] });

    await expect(step.run(await deploymentWithTwin(5015, 905_015), deps)).rejects.toThrow(
      /No Neynar webhook has room for 1 twin fid\(s\) \(905015\): add a webhook to NEYNAR_WEBHOOK_IDS/,
    );
  });

  it('concurrent deploys each add their twin: the filters’ read-and-rewrite is one at a time across the service', async () => {
    neynar.addWebhook('wh-1');
    neynar.addWebhook('wh-2');
    const fids = Array.from({ length: 8 }, (_, index) => 905_041 + index);
    const deployments = await Promise.all(fids.map((fid, index) => deploymentWithTwin(5041 + index, fid)));
    // Each run with its own provider, as each replica has its own.
    await Promise.all(
      deployments.map((deployment) =>
        step.run(deployment, { db, castWebhooks: webhooksOf(5) } as unknown as DeployDeps),
      ),
    );
    const listed = [...neynar.castFilter('wh-1').mentioned, ...neynar.castFilter('wh-2').mentioned];
    expect(listed.sort()).toEqual(fids);
  });

  it('the reconcile makes the filters equal to the twins in the database, and changes nothing when they are', async () => {
    const twins = [await createTwin(db, 1001), await createTwin(db, 1002), await createTwin(db, 1003)];
    const fids = twins.map((twin) => twin.twin.fid).sort((a, b) => a - b);
    // A deploy in progress whose account exists counts too.
    await deploymentWithTwin(5021, 905_021);
    // By hand in Neynar's dashboard: someone who is no twin, a twin in one list only, a twin twice.
    neynar.addWebhook('wh-1', { 'cast.created': { mentioned_fids: [42, fids[0]!], parent_author_fids: [42] } });
    neynar.addWebhook('wh-2', { 'cast.created': { mentioned_fids: [fids[0]!], parent_author_fids: [fids[0]!] } });
    const deps = { db, castWebhooks: webhooksOf(3), logger: silent };

    const first = await syncCastWebhooks(deps);
    expect(first).toEqual({ updated: 2, unplaced: [] });
    const listed = [...neynar.castFilter('wh-1').mentioned, ...neynar.castFilter('wh-2').mentioned].sort();
    expect(listed).toEqual([...fids, 905_021].sort());
    for (const id of ['wh-1', 'wh-2']) expect(neynar.castFilter(id).replies).toEqual(neynar.castFilter(id).mentioned);
    expect(neynar.castFilter('wh-1').mentioned).toContain(fids[0]);
    expect(neynar.castFilter('wh-1').mentioned).not.toContain(42);

    const before = puts();
    expect(await syncCastWebhooks(deps)).toEqual({ updated: 0, unplaced: [] });
    expect(puts()).toBe(before);
    // It reads the twins on its lock's own connection: a pool of one is enough.
    const single = createDb(database.url, { max: 1 });
    try {
      expect(await syncCastWebhooks({ ...deps, db: single })).toEqual({ updated: 0, unplaced: [] });
    } finally {
      await single.destroy();
    }

    // A twin gone from the database leaves the filters at the next reconcile.
    await db.deleteFrom('agents').where('agent_id', '=', twins[2]!.agentId).execute();
    await syncCastWebhooks(deps);
    expect([...neynar.castFilter('wh-1').mentioned, ...neynar.castFilter('wh-2').mentioned]).not.toContain(
      twins[2]!.twin.fid,
    );
  });

  it('locally there is no webhook: the step and the reconcile do nothing', async () => {
    const deployment = await deploymentWithTwin(5031, 905_031);
    await step.run(deployment, { db, castWebhooks: localCastWebhooks() } as unknown as DeployDeps);
    expect(await syncCastWebhooks({ db, castWebhooks: localCastWebhooks(), logger: silent })).toEqual({
      updated: 0,
      unplaced: [],
    });
    expect(neynar.requests).toEqual([]);
  });

  it('a production start reconciles at once (the ticker’s first slot)', async () => {
    // The server's own database, with a twin in it before it starts.
    const own = await createTestDatabase();
    await seedLocalNetwork(own.db, 'http://localhost:3000');
    const twin = await createTwin(own.db, 1002);
    neynar.addWebhook('wh-1');
    const server = await startTestServer(
      { ...PRODUCTION_TEST_ENV, NEYNAR_WEBHOOK_SECRET: 'secret', NEYNAR_WEBHOOK_IDS: 'wh-1' },
      { castWebhooks: webhooksOf(10, ['wh-1']) },
      { databaseUrl: own.url },
    );
    try {
      for (let waited = 0; waited < 20_000 && puts() === 0; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(neynar.castFilter('wh-1')).toEqual({ mentioned: [twin.twin.fid], replies: [twin.twin.fid] });
    } finally {
      await server.close();
      await own.drop();
    }
  }, 120_000);
});
