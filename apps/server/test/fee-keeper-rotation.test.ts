import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createKeeperRunQueue,
  dueTwins,
  enqueueKeeperRuns,
  FEE_KEEPER_RUN_QUEUE,
  keeperPeriod,
  markChecked,
} from '../src/economy/fee-keeper-job.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createTwin } from './twins.ts';

const NOW = 2_000_000_000;
const DAY = 86_400;

describe("the fee keeper's ticks (economy/fee-keeper-job.ts)", () => {
  let server: TestServer;
  const ids: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    await seedLocalNetwork(server.db, server.config.publicUrl);
    // Eight twins whose battery ends within the day, the first one soonest.
    for (let index = 0; index < 8; index++) {
      const twin = await createTwin(server.db, 1001 + index);
      ids.push(twin.agentId);
      await server.db
        .insertInto('agent_lives')
        .values({ agent_id: twin.agentId, expires_at: NOW + 60 * (index + 1) })
        .execute();
      await server.db
        .insertInto('deployments')
        .values({
          owner_fid: 1001 + index,
          agent_id: twin.agentId,
          choices: JSON.stringify([]),
          character: JSON.stringify({}),
          status: 'completed',
          steps: JSON.stringify([]),
          wallet_address: twin.walletAddress,
          wallet_key_ciphertext: 'sealed',
        })
        .execute();
    }
  }, 120_000);
  afterAll(() => server?.close());

  it('gives every due twin its turn: those looked at go to the back of the line', async () => {
    const ticks: string[][] = [];
    for (let tick = 0; tick < 3; tick++) {
      const due = (await dueTwins(server.db, NOW, DAY, 3)).map((row) => row.agent_id);
      ticks.push(due);
      // The keeper looks at each (nothing to claim for any of them) and marks it.
      await markChecked(server.db, due);
    }
    // Nearest to the end first among those never looked at; then the next ones, not the same three.
    expect(ticks[0]).toEqual(ids.slice(0, 3));
    expect(ticks[1]).toEqual(ids.slice(3, 6));
    expect(ticks[2]).toEqual([...ids.slice(6, 8), ids[0]]);
    expect(new Set(ticks.flat())).toEqual(new Set(ids));
  });

  it('hands each due twin to the run queue once per period, however often the tick runs', async () => {
    // A queue of its own schema, without workers: what the ticks enqueued stays to be counted.
    const boss = new PgBoss({ connectionString: server.config.databaseUrl, schema: 'keeper_ticks', max: 2 });
    await boss.start();
    try {
      await createKeeperRunQueue(boss);
      expect(await enqueueKeeperRuns(boss, server.db, NOW, DAY)).toBe(8);
      expect(await enqueueKeeperRuns(boss, server.db, NOW, DAY)).toBe(8);
      const queued = await server.db
        .withSchema('keeper_ticks')
        .selectFrom('job' as never)
        .select(['singleton_key' as never])
        .where('name' as never, '=', FEE_KEEPER_RUN_QUEUE as never)
        .execute();
      const keys = (queued as { singleton_key: string }[]).map((row) => row.singleton_key).sort();
      expect(keys).toEqual(ids.map((agentId) => `${agentId}:${keeperPeriod(NOW)}`).sort());
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });
});
