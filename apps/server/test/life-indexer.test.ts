import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bootstrapLocalChain,
  createLocalClients,
  type Deployment,
  localDevAccount,
} from '@fartwin/contracts/deployment';
import { lifeExtendedEmitterAbi, lifeExtendedEmitterBytecode } from '@fartwin/contracts/test-stubs';
import { type RunningAnvil, startAnvil } from '@fartwin/localstack';
import { BATTERY_LIFE_SECONDS } from '@fartwin/protocol';
import { pino } from 'pino';
import { createTestClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { healthService } from '../src/health/health-service.ts';
import { createChainClient } from '../src/platform/chain/client.ts';
import { contractsResolver } from '../src/platform/chain/contracts.ts';
import { chainLifeReader } from '../src/platform/chain/life.ts';
import {
  indexLifeExtended,
  LIFE_EXTENDED_CURSOR,
  type LifeIndexerDeps,
  MAX_RANGES_PER_RUN,
} from '../src/platform/chain/life-indexer.ts';
import { loadConfig } from '../src/platform/config/config.ts';
import type { Db } from '../src/platform/db/database.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { createTestDatabase } from './harness.ts';
import { createTwin, feedTwin, storedExpiry, twinAgentId } from './twins.ts';

describe('the LifeExtended indexer', () => {
  // No app here (its own life watch would index too): these tests run the indexer and see where it stops.
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let anvil: RunningAnvil;
  let deployment: Deployment;
  let deps: LifeIndexerDeps;
  const publicUrl = 'http://localhost:3001';
  const dataDir = mkdtempSync(join(tmpdir(), 'fartwin-life-indexer-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    anvil = await startAnvil();
    await seedLocalNetwork(db, publicUrl);
    const deploymentFile = join(dataDir, 'deployment.json');
    deployment = await bootstrapLocalChain({ rpcUrl: anvil.rpcUrl, deploymentFile });
    const contracts = contractsResolver(loadConfig({ DEPLOYMENT_FILE: deploymentFile }));
    const chain = createChainClient(anvil.rpcUrl);
    deps = { db, chain, contracts, life: chainLifeReader(chain, contracts), logger: pino({ level: 'silent' }) };
  }, 180_000);
  afterAll(async () => {
    await anvil?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const chain = () => createLocalClients(anvil.rpcUrl).publicClient;
  const onChainExpiry = async (agentId: string) => (await deps.life.expirations([agentId])).get(agentId);
  const cursor = async (db: Db) =>
    (await db.selectFrom('chain_cursors').select('block').where('name', '=', LIFE_EXTENDED_CURSOR).executeTakeFirst())
      ?.block;

  it("stores a fed twin's expiry from its LifeExtended event, and a revival's later one", async () => {
    const twin = await createTwin(db, 1001);
    await feedTwin(anvil.rpcUrl, deployment, twin.agentId);
    const head = Number(await chain().getBlockNumber());
    expect(await indexLifeExtended(deps)).toBe(head);
    expect(await cursor(db)).toBe(head);
    const firstExpiry = await storedExpiry(db, twin.agentId);
    expect(firstExpiry).toBe(await onChainExpiry(twin.agentId));

    // The row exists now, so only the revival's event can move it.
    await feedTwin(anvil.rpcUrl, deployment, twin.agentId);
    await indexLifeExtended(deps);
    expect(await storedExpiry(db, twin.agentId)).toBe(firstExpiry! + BATTERY_LIFE_SECONDS);
    expect(await storedExpiry(db, twin.agentId)).toBe(await onChainExpiry(twin.agentId));
  });

  it('records a twin never fed as 0, and its first battery from the event', async () => {
    const twin = await createTwin(db, 1003);
    await indexLifeExtended(deps);
    expect(await storedExpiry(db, twin.agentId)).toBe(0);
    await feedTwin(anvil.rpcUrl, deployment, twin.agentId);
    await indexLifeExtended(deps);
    expect(await storedExpiry(db, twin.agentId)).toBeGreaterThan(0);
    expect(await storedExpiry(db, twin.agentId)).toBe(await onChainExpiry(twin.agentId));
  });

  it('gives a twin whose battery was paid before it was stored (as a deploy does) its row once it is', async () => {
    const paidFirst = twinAgentId('paid-first');
    await feedTwin(anvil.rpcUrl, deployment, paidFirst);
    const head = Number(await chain().getBlockNumber());
    await indexLifeExtended(deps);
    expect(await cursor(db)).toBe(head);
    expect(await storedExpiry(db, paidFirst)).toBeUndefined();

    await createTwin(db, 1002, { agentId: paidFirst });
    await indexLifeExtended(deps);
    expect(await storedExpiry(db, paidFirst)).toBe(await onChainExpiry(paidFirst));
  });

  it('reads a backlog in bounded ranges, a bounded number per run, and catches up on the next run', async () => {
    const twin = await createTwin(db, 1005);
    await indexLifeExtended(deps);
    expect(await storedExpiry(db, twin.agentId)).toBe(0);
    await feedTwin(anvil.rpcUrl, deployment, twin.agentId);
    // 5-block ranges: 150 blocks are more ranges than one run reads.
    await createLocalClients(anvil.rpcUrl).testClient.mine({ blocks: 150 });
    const head = Number(await chain().getBlockNumber());
    const shortRanges = { ...deps, blockRange: 5 };

    const reads = vi.spyOn(deps.chain, 'getContractEvents');
    const firstRun = await indexLifeExtended(shortRanges);
    const ranges = reads.mock.calls.map(([call]) => Number(call.toBlock) - Number(call.fromBlock) + 1);
    expect(ranges).toHaveLength(MAX_RANGES_PER_RUN);
    for (const range of ranges) expect(range).toBeLessThanOrEqual(5);
    expect(firstRun).toBeLessThan(head);
    expect(await cursor(db)).toBe(firstRun);
    // The battery was in the first ranges: read although the run stopped short of the head.
    expect(await storedExpiry(db, twin.agentId)).toBe(await onChainExpiry(twin.agentId));

    reads.mockClear();
    expect(await indexLifeExtended(shortRanges)).toBe(head);
    expect(reads.mock.calls[0]?.[0].fromBlock).toBe(BigInt(firstRun! + 1));
    reads.mockRestore();
  });

  it('leaves the last blocks unread with confirmations, so a reorg cannot leave a dropped revival indexed', async () => {
    const twin = await createTwin(db, 1007);
    await indexLifeExtended(deps);
    const before = await storedExpiry(db, twin.agentId);
    await feedTwin(anvil.rpcUrl, deployment, twin.agentId);
    const head = Number(await chain().getBlockNumber());
    // Two confirmations: the feeding (in the head block or the one before) is not read yet.
    expect(await indexLifeExtended({ ...deps, confirmations: 2 })).toBe(head - 2);
    expect(await storedExpiry(db, twin.agentId)).toBe(before);
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).mine({ blocks: 2 });
    await indexLifeExtended({ ...deps, confirmations: 2 });
    expect(await storedExpiry(db, twin.agentId)).toBe(await onChainExpiry(twin.agentId));
  });

  it('never moves an expiry back when an older event is read after a later expiry was stored', async () => {
    const twin = await createTwin(db, 1004);
    const { testClient } = createLocalClients(anvil.rpcUrl);
    await feedTwin(anvil.rpcUrl, deployment, twin.agentId);
    await testClient.mine({ blocks: 30 });
    await feedTwin(anvil.rpcUrl, deployment, twin.agentId);
    const revived = await onChainExpiry(twin.agentId);
    // A backlog: the first run stops short of both events, and the twin, still without a row, gets
    // the contract's latest expiry; the second run reads the first battery's earlier one.
    const behind = Number(await chain().getBlockNumber()) - 70;
    await db.updateTable('chain_cursors').set({ block: behind }).execute();
    const oneBlockRanges = { ...deps, blockRange: 1 };
    await indexLifeExtended(oneBlockRanges);
    expect(await storedExpiry(db, twin.agentId)).toBe(revived);
    expect(await indexLifeExtended(oneBlockRanges)).toBe(behind + 2 * MAX_RANGES_PER_RUN);
    expect(await storedExpiry(db, twin.agentId)).toBe(revived);
  });

  it("starts at the current block in production, and reads earlier twins' expiry from the contract", async () => {
    const database = await createTestDatabase();
    try {
      await seedLocalNetwork(database.db, publicUrl);
      const twin = await createTwin(database.db, 1006, { agentId: twinAgentId('fed-before-start') });
      await feedTwin(anvil.rpcUrl, deployment, twin.agentId);
      // Its event lies before the block production starts at.
      await createLocalClients(anvil.rpcUrl).testClient.mine({ blocks: 1 });
      // Production's addresses come from config: no deployment block to start from.
      const contracts = () => ({
        usdc: deployment.usdc,
        fartwinLife: deployment.fartwinLife,
        quoter: deployment.quoter,
      });
      const production = { ...deps, db: database.db, contracts, life: chainLifeReader(deps.chain, contracts) };
      const reads = vi.spyOn(deps.chain, 'getContractEvents');
      const head = Number(await chain().getBlockNumber());
      await indexLifeExtended(production);
      expect(reads.mock.calls.map(([call]) => [call.fromBlock, call.toBlock])).toEqual([[BigInt(head), BigInt(head)]]);
      reads.mockRestore();
      expect(await cursor(database.db)).toBe(head);
      expect(await storedExpiry(database.db, twin.agentId)).toBe(await onChainExpiry(twin.agentId));
    } finally {
      await database.drop();
    }
  });

  it('skips and records events whose agentId holds a NUL or is not a twin id, and indexes the valid one after them', async () => {
    // A contract that emits LifeExtended with any agentId, as one accepting any string would.
    const { publicClient, walletFor } = createLocalClients(anvil.rpcUrl);
    const wallet = walletFor(localDevAccount(0));
    const deployed = await publicClient.waitForTransactionReceipt({
      hash: await wallet.deployContract({ abi: lifeExtendedEmitterAbi, bytecode: lifeExtendedEmitterBytecode }),
    });
    const emitter = deployed.contractAddress!;
    const emit = async (agentId: string, newTimeToDeath: number) =>
      publicClient.waitForTransactionReceipt({
        hash: await wallet.writeContract({
          address: emitter,
          abi: lifeExtendedEmitterAbi,
          functionName: 'emitLifeExtended',
          args: [agentId, 1_000_000n, 1n, BigInt(newTimeToDeath)],
        }),
      });
    const database = await createTestDatabase();
    try {
      await seedLocalNetwork(database.db, publicUrl);
      const twin = await createTwin(database.db, 1001);
      const warnings: string[] = [];
      const contracts = () => ({
        usdc: deployment.usdc,
        fartwinLife: emitter,
        quoter: deployment.quoter,
        local: {
          agentTokenFactory: deployment.agentTokenFactory,
          agentLpLocker: deployment.agentLpLocker,
          weth9: deployment.weth9,
          swapRouter: deployment.swapRouter,
          deployedAtBlock: Number(deployed.blockNumber),
        },
      });
      const emitterDeps: LifeIndexerDeps = {
        ...deps,
        db: database.db,
        contracts,
        life: chainLifeReader(deps.chain, contracts),
        logger: pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) }),
      };
      const expiry = Math.floor(Date.now() / 1000) + BATTERY_LIFE_SECONDS;
      const nul = await emit('x\u0000', expiry);
      const loose = await emit('lowcaps-dev-twin', expiry);
      await emit(twin.agentId, expiry);
      const head = Number(await chain().getBlockNumber());

      expect(await indexLifeExtended(emitterDeps)).toBe(head);
      // The replica stays ready, with the index caught up (it never was while a NUL stalled it).
      const readiness = await healthService({
        ...emitterDeps,
        operator: localDevAccount(0).address,
        lifeIndexStaleSeconds: 60,
        cacheMs: 0,
      }).ready();
      expect(readiness).toMatchObject({ status: 'ready', lifeIndex: { ok: true } });
      // The positive signal: the event after the bad ones is indexed.
      expect(await storedExpiry(database.db, twin.agentId)).toBe(expiry);
      expect(await cursor(database.db)).toBe(head);
      const rejected = () =>
        database.db
          .selectFrom('rejected_inputs')
          .select(['source', 'reason', 'excerpt', 'block', 'tx_hash'])
          .orderBy('block')
          .execute();
      expect(await rejected()).toEqual([
        {
          source: 'life-index',
          reason: 'agentId contains a NUL character (U+0000)',
          excerpt: '"x\\u0000"',
          block: Number(nul.blockNumber),
          tx_hash: nul.transactionHash,
        },
        {
          source: 'life-index',
          reason: 'agentId is not a twin id (a lowercase UUID)',
          excerpt: '"lowcaps-dev-twin"',
          block: Number(loose.blockNumber),
          tx_hash: loose.transactionHash,
        },
      ]);

      // Read again (a retry, another replica): recorded and logged once.
      await database.db
        .updateTable('chain_cursors')
        .set({ block: Number(deployed.blockNumber) })
        .where('name', '=', LIFE_EXTENDED_CURSOR)
        .execute();
      expect(await indexLifeExtended(emitterDeps)).toBe(head);
      expect(await rejected()).toHaveLength(2);
      expect(warnings.filter((line) => line.includes('unusable input skipped'))).toHaveLength(2);
    } finally {
      await database.drop();
    }
  });
});
