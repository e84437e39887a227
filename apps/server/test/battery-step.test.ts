import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usdcAbi } from '@fartwin/contracts';
import { bootstrapLocalChain, type Deployment } from '@fartwin/contracts/deployment';
import { devAccount, OPERATOR_ACCOUNT_INDEX, type RunningAnvil, startAnvil } from '@fartwin/localstack';
import { BATTERY_PRICE_USDC } from '@fartwin/protocol';
import { createTestClient, http, type PublicClient, toHex, WaitForTransactionReceiptTimeoutError } from 'viem';
import { base } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainClient } from '../src/chain/client.ts';
import { chainLifeReader } from '../src/chain/life.ts';
import { operatorWallet } from '../src/chain/operator.ts';
import { LOCK_SPACES, withAdvisoryLock } from '../src/db/advisory-locks.ts';
import type { Db } from '../src/db/database.ts';
import { createDeployment, findDeployment } from '../src/deploy/deployment-store.ts';
import { type DeployDeps, deploySteps } from '../src/deploy/steps.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { createTestDatabase } from './harness.ts';
import { leaningCharacter, twinAgentId } from './twins.ts';

const AGENT_ID = twinAgentId('lowcaps-dev');
/** The account the local bootstrap funds as the operator. */
const OPERATOR_KEY = toHex(devAccount(OPERATOR_ACCOUNT_INDEX).getHdKey().privateKey!);

/**
 * The first battery is paid once: when waiting for the payment's receipt fails while the
 * payment is still pending, a retry must not pay a second time.
 */
describe('the deploy pipeline’s first-battery step', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let anvil: RunningAnvil;
  let dataDir: string;
  let contracts: Deployment;
  let chain: PublicClient;
  const step = deploySteps.find((each) => each.name === 'first-battery')!;
  const depsWith = (publicClient: PublicClient) =>
    ({
      db,
      publicClient,
      operator: operatorWallet(anvil.rpcUrl, OPERATOR_KEY),
      contracts: () => contracts,
      life: chainLifeReader(chain, () => contracts),
    }) as unknown as DeployDeps;
  const operatorUsdc = () =>
    chain.readContract({
      address: contracts.usdc,
      abi: usdcAbi,
      functionName: 'balanceOf',
      args: [operatorWallet(anvil.rpcUrl, OPERATOR_KEY).account.address],
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    anvil = await startAnvil();
    dataDir = mkdtempSync(join(tmpdir(), 'fartwin-battery-step-'));
    contracts = await bootstrapLocalChain({ rpcUrl: anvil.rpcUrl, deploymentFile: join(dataDir, 'deployment.json') });
    chain = createChainClient(anvil.rpcUrl);
    await seedLocalNetwork(db, 'http://localhost:3000');
    const { choices, character } = await leaningCharacter(db, 1001);
    await createDeployment(db, { ownerFid: 1001, agentId: AGENT_ID, choices, character });
  }, 120_000);
  afterAll(async () => {
    await anvil?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('records the payment when sent; a retry while it is pending pays nothing; once mined, the step is done', async () => {
    const testClient = createTestClient({ mode: 'anvil', chain: base, transport: http(anvil.rpcUrl) });
    const usdcBefore = await operatorUsdc();
    // A chain that stops mining right before the payment is sent, and a receipt wait that gives up:
    // what a slow RPC or a congested chain does to the first attempt.
    // Only the payment's wait gives up: the approval before it is awaited as usual (under load anvil
    // may not have its receipt at the instant it is asked, which failed the step before the payment).
    let stalled = false;
    const stalling = {
      ...chain,
      estimateContractGas: async (call: Parameters<PublicClient['estimateContractGas']>[0]) => {
        const gas = await chain.estimateContractGas(call);
        await testClient.setAutomine(false);
        stalled = true;
        return gas;
      },
      waitForTransactionReceipt: async ({ hash }: { hash: `0x${string}` }) => {
        if (!stalled) return chain.waitForTransactionReceipt({ hash });
        const receipt = await chain.getTransactionReceipt({ hash }).catch(() => null);
        if (!receipt) throw new WaitForTransactionReceiptTimeoutError({ hash });
        return receipt;
      },
    } as unknown as PublicClient;

    await expect(step.run((await findDeployment(db, 1001))!, depsWith(stalling))).rejects.toThrow(
      WaitForTransactionReceiptTimeoutError,
    );
    const recorded = (await findDeployment(db, 1001))!.batteryTxHash;
    expect(recorded).toMatch(/^0x[0-9a-f]{64}$/);

    // The retry finds the payment pending: it says so and sends nothing.
    const nonceBefore = await chain.getTransactionCount({
      address: operatorWallet(anvil.rpcUrl, OPERATOR_KEY).account.address,
      blockTag: 'pending',
    });
    await expect(step.run((await findDeployment(db, 1001))!, depsWith(chain))).rejects.toThrow(
      `The first battery's payment ${recorded} is not mined yet; the deploy goes on once it is`,
    );
    expect(
      await chain.getTransactionCount({
        address: operatorWallet(anvil.rpcUrl, OPERATOR_KEY).account.address,
        blockTag: 'pending',
      }),
    ).toBe(nonceBefore);

    // Mined: the next retry finds the battery installed, and one battery was paid for in all.
    await testClient.mine({ blocks: 1 });
    await testClient.setAutomine(true);
    expect(await step.run((await findDeployment(db, 1001))!, depsWith(chain))).toEqual({ batteryTxHash: recorded });
    expect(usdcBefore - (await operatorUsdc())).toBe(BATTERY_PRICE_USDC);
  });

  it("holds the operator's lock for each transaction's broadcast, not while its receipt is awaited", async () => {
    const agentId = twinAgentId('gmbeans');
    const { choices, character } = await leaningCharacter(db, 1002);
    await createDeployment(db, { ownerFid: 1002, agentId, choices, character });
    // At each receipt wait (the approval's, then the payment's): may another deploy or a relay send?
    const freeWhileAwaited: boolean[] = [];
    const watching = {
      ...chain,
      waitForTransactionReceipt: async (args: { hash: `0x${string}` }) => {
        const free = await withAdvisoryLock(
          db,
          { space: LOCK_SPACES.operatorWallet, id: 0 },
          { wait: false },
          async () => true,
        );
        freeWhileAwaited.push(free === true);
        return chain.waitForTransactionReceipt(args);
      },
    } as unknown as PublicClient;
    const { batteryTxHash } = await step.run((await findDeployment(db, 1002))!, depsWith(watching));
    expect(batteryTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(freeWhileAwaited).toEqual([true, true]);
  });
});
