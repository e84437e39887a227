import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentTokenFactoryAbi, usdcAbi } from '@fartwin/contracts';
import { bootstrapLocalChain, type Deployment } from '@fartwin/contracts/deployment';
import { devAccount, OPERATOR_ACCOUNT_INDEX, type RunningAnvil, startAnvil } from '@fartwin/localstack';
import { BATTERY_PRICE_USDC } from '@fartwin/protocol';
import { createTestClient, http, type PublicClient, toHex, WaitForTransactionReceiptTimeoutError } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeployment, findDeployment } from '../src/deploy/deployment-store.ts';
import { type DeployDeps, deploySteps } from '../src/deploy/steps.ts';
import { createChainClient } from '../src/platform/chain/client.ts';
import { chainLifeReader } from '../src/platform/chain/life.ts';
import { localTokenLauncher } from '../src/platform/chain/local-token-launcher.ts';
import { operatorWallet } from '../src/platform/chain/operator.ts';
import type { Db } from '../src/platform/db/database.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { createTestDatabase } from './harness.ts';
import { signerRowFree } from './signer-row.ts';
import { leaningCharacter, twinAgentId } from './twins.ts';

const AGENT_ID = twinAgentId('lowcaps-dev');
/** The account the local bootstrap funds as the operator. */
const OPERATOR_KEY = toHex(devAccount(OPERATOR_ACCOUNT_INDEX).getHdKey().privateKey!);

/**
 * The steps the operator pays (the token's deploy, the first battery) send once: when waiting for
 * the receipt fails while the transaction is still pending, a retry must not send a second; and the
 * operator signs through the outbox, holding nothing while any receipt is awaited.
 */
describe('the deploy pipeline’s first-battery and token steps', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let anvil: RunningAnvil;
  let dataDir: string;
  let contracts: Deployment;
  let chain: PublicClient;
  const step = deploySteps.find((each) => each.name === 'first-battery')!;
  const tokenStep = deploySteps.find((each) => each.name === 'token')!;
  const localContracts = () => ({ ...contracts, local: contracts });
  /** The outbox rows handed to the settlement queue, in order. */
  const settling: number[] = [];
  const depsWith = (publicClient: PublicClient) =>
    ({
      db,
      publicClient,
      operator: operatorWallet(anvil.rpcUrl, OPERATOR_KEY),
      settlements: { enqueue: async (id: number) => void settling.push(id) },
      contracts: () => contracts,
      life: chainLifeReader(chain, () => contracts),
      tokenLauncher: localTokenLauncher({ publicClient, contracts: localContracts }),
    }) as unknown as DeployDeps;
  const operatorAddress = () => operatorWallet(anvil.rpcUrl, OPERATOR_KEY).account.address;
  const operatorNonce = () =>
    chain.getTransactionCount({
      address: operatorWallet(anvil.rpcUrl, OPERATOR_KEY).account.address,
      blockTag: 'pending',
    });
  /** A deployment whose earlier steps are done: its wallet and its account, which the token names. */
  const deploymentBeforeToken = async (ownerFid: number, username: string) => {
    const { choices, character } = await leaningCharacter(db, ownerFid);
    await createDeployment(db, { ownerFid, agentId: twinAgentId(username), choices, character });
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    await db
      .updateTable('deployments')
      .set({ wallet_address: wallet, twin_fid: 900_000 + ownerFid, twin_username: `${username}-twin` })
      .where('owner_fid', '=', ownerFid)
      .execute();
    return wallet;
  };
  /** The tokens the factory made for `owner`: one, however often the step ran. */
  const tokensOf = async (owner: `0x${string}`) =>
    chain.getContractEvents({
      address: contracts.agentTokenFactory,
      abi: agentTokenFactoryAbi,
      eventName: 'AgentTokenCreated',
      args: { recipient: owner },
      fromBlock: BigInt(contracts.deployedAtBlock),
    });
  /**
   * Whether another sender (another deploy, a relay) could sign right now, with the awaited
   * transaction stored as sent in the outbox: the operator's signer row is free.
   */
  const operatorFreeWith = async (hash: `0x${string}`) => {
    const row = await db
      .selectFrom('outbox_transactions')
      .select(['status', 'kind'])
      .where('tx_hash', '=', hash)
      .executeTakeFirst();
    return row?.kind === 'operator' && row.status === 'sent' && (await signerRowFree(db, operatorAddress()));
  };
  /** The chain, noting at each receipt wait whether the operator can sign again. */
  const watchingReceiptWaits = () => {
    const freeWhileAwaited: boolean[] = [];
    const watching = {
      ...chain,
      waitForTransactionReceipt: async (args: { hash: `0x${string}` }) => {
        freeWhileAwaited.push(await operatorFreeWith(args.hash));
        return chain.waitForTransactionReceipt(args);
      },
    } as unknown as PublicClient;
    return { watching, freeWhileAwaited };
  };
  /** The operator's allowance to the life contract set directly, as a fresh or spent account has it. */
  const approveOperatorUsdc = (amount: bigint) =>
    operatorWallet(anvil.rpcUrl, OPERATOR_KEY).writeContract({
      address: contracts.usdc,
      abi: usdcAbi,
      functionName: 'approve',
      args: [contracts.fartwinLife, amount],
    });
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

  it('signs each transaction through the outbox, and holds nothing while its receipt is awaited', async () => {
    const agentId = twinAgentId('gmbeans');
    const { choices, character } = await leaningCharacter(db, 1002);
    await createDeployment(db, { ownerFid: 1002, agentId, choices, character });
    // No standing approval left by the earlier payment: this step approves, then pays.
    await chain.waitForTransactionReceipt({ hash: await approveOperatorUsdc(0n) });
    // At each receipt wait (the approval's, then the payment's): may another deploy or a relay send?
    const { watching, freeWhileAwaited } = watchingReceiptWaits();
    const { batteryTxHash } = await step.run((await findDeployment(db, 1002))!, depsWith(watching));
    expect(batteryTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(freeWhileAwaited).toEqual([true, true]);
    // The approval and the payment, each at the operator's next nonce, handed to the settlement.
    const rows = await db
      .selectFrom('outbox_transactions')
      .select(['id', 'nonce', 'tx_hash', 'step'])
      .where('agent_id', '=', agentId)
      .orderBy('nonce')
      .execute();
    expect(rows.map((row) => row.step)).toEqual(['first-battery', 'first-battery']);
    expect(rows[1]!.nonce).toBe(rows[0]!.nonce! + 1);
    expect(rows[1]!.tx_hash).toBe(batteryTxHash);
    expect(settling).toEqual(expect.arrayContaining(rows.map((row) => row.id)));
  });
  it("pays two deploys' first batteries side by side, neither taking the other's approval", async () => {
    const deployments = [
      { ownerFid: 1004, agentId: twinAgentId('sidebyside-a') },
      { ownerFid: 1005, agentId: twinAgentId('sidebyside-b') },
    ];
    for (const { ownerFid, agentId } of deployments) {
      const { choices, character } = await leaningCharacter(db, ownerFid);
      await createDeployment(db, { ownerFid, agentId, choices, character });
    }
    // Exactly one battery's allowance left: each payment, approving only its own amount, would take it.
    await chain.waitForTransactionReceipt({ hash: await approveOperatorUsdc(BATTERY_PRICE_USDC) });
    const usdcBefore = await operatorUsdc();
    const paid = await Promise.all(
      deployments.map(async ({ ownerFid }) => step.run((await findDeployment(db, ownerFid))!, depsWith(chain))),
    );
    for (const { batteryTxHash } of paid) {
      expect((await chain.getTransactionReceipt({ hash: batteryTxHash as `0x${string}` })).status).toBe('success');
    }
    expect(usdcBefore - (await operatorUsdc())).toBe(2n * BATTERY_PRICE_USDC);
  });
  it('the token step records its deploy when sent; a retry while it is pending sends nothing; once mined, it finds the token', async () => {
    const testClient = createTestClient({ mode: 'anvil', chain: base, transport: http(anvil.rpcUrl) });
    const owner = await deploymentBeforeToken(1003, 'tokencrash');
    // The process stops right after the broadcast: the chain does not mine, the receipt wait gives up.
    const stalling = {
      ...chain,
      waitForTransactionReceipt: async ({ hash }: { hash: `0x${string}` }) => {
        const receipt = await chain.getTransactionReceipt({ hash }).catch(() => null);
        if (!receipt) throw new WaitForTransactionReceiptTimeoutError({ hash });
        return receipt;
      },
    } as unknown as PublicClient;
    await testClient.setAutomine(false);
    try {
      await expect(tokenStep.run((await findDeployment(db, 1003))!, depsWith(stalling))).rejects.toThrow(
        WaitForTransactionReceiptTimeoutError,
      );
      const recorded = (await findDeployment(db, 1003))!.tokenTxHash;
      expect(recorded).toMatch(/^0x[0-9a-f]{64}$/);

      // The retry finds the deploy pending: it says so and sends nothing.
      const nonceBefore = await operatorNonce();
      await expect(tokenStep.run((await findDeployment(db, 1003))!, depsWith(chain))).rejects.toThrow(
        `The token's deploy ${recorded} is not mined yet; the deploy goes on once it is`,
      );
      expect(await operatorNonce()).toBe(nonceBefore);

      // Mined: the next retry finds the token that deploy made, and one token was made in all.
      await testClient.mine({ blocks: 1 });
      await testClient.setAutomine(true);
      const outputs = await tokenStep.run((await findDeployment(db, 1003))!, depsWith(chain));
      const tokens = await tokensOf(owner);
      expect(tokens).toHaveLength(1);
      expect(outputs).toMatchObject({ tokenAddress: tokens[0]!.args.token, tokenTxHash: recorded });
      expect(await operatorNonce()).toBe(nonceBefore);
    } finally {
      await testClient.setAutomine(true);
    }
  });

  it('the token step signs through the outbox, and holds nothing while the receipt is awaited', async () => {
    const owner = await deploymentBeforeToken(1004, 'tokenlock');
    const { watching, freeWhileAwaited } = watchingReceiptWaits();
    const outputs = await tokenStep.run((await findDeployment(db, 1004))!, depsWith(watching));
    expect(freeWhileAwaited).toEqual([true]);
    const tokens = await tokensOf(owner);
    expect(tokens).toHaveLength(1);
    expect(outputs).toMatchObject({ tokenAddress: tokens[0]!.args.token });
    expect((await findDeployment(db, 1004))!.tokenTxHash).toBe(outputs.tokenTxHash);
  });
});
