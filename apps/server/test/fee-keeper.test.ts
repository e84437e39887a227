import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  agentTokenFactoryAbi,
  encodeV3Path,
  erc20Abi,
  fartwinLifeAbi,
  swapRouter02Abi,
  usdcAbi,
  weth9Abi,
  withGasHeadroom,
} from '@fartwin/contracts';
import {
  bootstrapLocalChain,
  confirm,
  createLocalClients,
  type Deployment,
  localDevAccount,
  revertSnapshot,
} from '@fartwin/contracts/deployment';
import { type RunningAnvil, startAnvil } from '@fartwin/localstack';
import { BATTERY_PRICE_USDC } from '@fartwin/protocol';
import { type Address, encodeFunctionData, keccak256, maxUint256, parseEther, parseEventLogs, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gasAdvanceOwed } from '../src/economy/fee-history.ts';
import { type FeeKeeperDeps, type KeeperTwin, keepTwinAlive } from '../src/economy/fee-keeper.ts';
import type { FeeLocker } from '../src/economy/fee-locker.ts';
import { spendOnce } from '../src/economy/keeper-spends.ts';
import { localFeeLocker } from '../src/economy/local-fee-locker.ts';
import { createChainClient } from '../src/platform/chain/client.ts';
import type { ContractAddresses } from '../src/platform/chain/contracts.ts';
import { twinWalletLock, withAdvisoryLock } from '../src/platform/db/advisory-locks.ts';
import { createDb, type Db } from '../src/platform/db/database.ts';
import { updateOwnerControls } from '../src/twin-switches/index.ts';
import { createTestDatabase } from './harness.ts';
import { holdLock } from './hold-lock.ts';
import { keeperStep } from './keeper-rows.ts';
import { signerRowFree } from './signer-row.ts';

const LIMITS = {
  dueSeconds: 86_400,
  maxSwapWei: parseEther('0.05'),
  gasReserveWei: parseEther('0.0005'),
  gasAdvanceWei: parseEther('0.0005'),
};
const PERIOD = '2026-11-25';

let anvil: RunningAnvil;
let deployment: Deployment;
let clients: ReturnType<typeof createLocalClients>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const scratch = mkdtempSync(join(tmpdir(), 'fartwin-fee-keeper-'));

beforeAll(async () => {
  anvil = await startAnvil();
  deployment = await bootstrapLocalChain({
    rpcUrl: anvil.rpcUrl,
    deploymentFile: join(scratch, 'deployment.json'),
    fund: [localDevAccount(1).address],
  });
  clients = createLocalClients(anvil.rpcUrl);
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
  await anvil?.stop();
  rmSync(scratch, { recursive: true, force: true });
});
let snapshot: `0x${string}`;
beforeEach(async () => {
  snapshot = await clients.testClient.snapshot();
  return async () => {
    await revertSnapshot(clients.testClient, snapshot);
    await database.db.deleteFrom('outbox_transactions').execute();
    await database.db.deleteFrom('outbox_signers').execute();
  };
});

const contracts = (): ContractAddresses => ({
  usdc: deployment.usdc,
  fartwinLife: deployment.fartwinLife,
  quoter: deployment.quoter,
  local: { ...deployment },
});
const chain = () => createChainClient(anvil.rpcUrl);
const depsOn = (
  db: Db,
  feeLocker: FeeLocker = localFeeLocker({ publicClient: chain(), contracts }),
): FeeKeeperDeps => ({
  db,
  chain: chain(),
  feeLocker,
  contracts,
  operator: localDevAccount(0),
  limits: LIMITS,
});
const trader = () => clients.walletFor(localDevAccount(1));
/** Waits for a transaction and throws on a revert: a silently reverted step would only surface later. */
const mined = async (hash: Promise<`0x${string}`>) => confirm(clients.publicClient, await hash);
const balanceOf = (token: Address, owner: Address) =>
  clients.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
const nonceOf = (address: Address) => clients.publicClient.getTransactionCount({ address });
const lifeExtended = async (agentId: string) =>
  (
    await clients.publicClient.getContractEvents({
      address: deployment.fartwinLife,
      abi: fartwinLifeAbi,
      eventName: 'LifeExtended',
      fromBlock: 0n,
    })
  ).filter((event) => event.args.agentId === agentId);

let twinCount = 0;
/** A new twin: wallet with nothing in it, token launched with its fees for that wallet. */
async function newTwin(payBatteryFromFees = true): Promise<KeeperTwin> {
  const wallet = privateKeyToAccount(generatePrivateKey());
  twinCount += 1;
  const receipt = await mined(
    trader().writeContract({
      address: deployment.agentTokenFactory,
      abi: agentTokenFactoryAbi,
      functionName: 'createToken',
      args: ['Keeper Twin', `KEEP${twinCount}`, wallet.address],
    }),
  );
  const [event] = parseEventLogs({ abi: agentTokenFactoryAbi, logs: receipt.logs, eventName: 'AgentTokenLaunched' });
  return { id: twinCount, agentId: randomUUID(), wallet, token: event!.args.token, payBatteryFromFees };
}

/** Someone buys the twin's token with `usdc` USDC (through WETH): 1 % of it becomes the twin's fees in WETH. */
async function buyToken(twin: KeeperTwin, usdc: string) {
  const amountIn = parseUnits(usdc, 6);
  await mined(
    trader().writeContract({
      address: deployment.usdc,
      abi: usdcAbi,
      functionName: 'approve',
      args: [deployment.swapRouter, maxUint256],
    }),
  );
  const swap = {
    address: deployment.swapRouter,
    abi: swapRouter02Abi,
    functionName: 'exactInput',
    args: [
      {
        path: encodeV3Path([deployment.usdc, deployment.weth9, twin.token], [500, 10_000]),
        recipient: trader().account.address,
        amountIn,
        amountOutMinimum: 0n,
      },
    ],
  } as const;
  // With headroom, as a wallet sends it (see withGasHeadroom): the bare estimate can fall short.
  const estimate = await clients.publicClient.estimateContractGas({ ...swap, account: trader().account });
  await mined(trader().writeContract({ ...swap, gas: withGasHeadroom(estimate) }));
}

/** A transfer of `value` wei signed by `sender` at its next nonce and recorded as sent, as if the process stopped before its broadcast. */
async function recordSigned(
  sender: ReturnType<typeof privateKeyToAccount>,
  row: { agentId: string; step: string; to: Address; value: bigint },
) {
  const request = await chain().prepareTransactionRequest({
    account: sender,
    chain: chain().chain,
    to: row.to,
    value: row.value,
  });
  const rawTx = await sender.signTransaction(request as Parameters<typeof sender.signTransaction>[0]);
  await database.db
    .insertInto('outbox_transactions')
    .values(
      keeperStep({
        agent_id: row.agentId,
        period: PERIOD,
        step: row.step,
        sender: sender.address,
        to_address: row.to,
        call_data: '0x',
        value_wei: String(row.value),
        status: 'sent',
        raw_tx: rawTx,
        tx_hash: keccak256(rawTx),
      }),
    )
    .execute();
  return rawTx;
}

describe('the fee keeper', () => {
  it('claims the fees, keeps gas, sells the WETH for USDC and buys the twin a battery from its own wallet, each step recorded', async () => {
    const twin = await newTwin();
    await buyToken(twin, '1000');
    const fees = await localFeeLocker({ publicClient: chain(), contracts }).available({
      token: twin.token,
      twinWallet: twin.wallet.address,
    });
    const outcome = await keepTwinAlive(depsOn(database.db), twin, PERIOD);
    expect(outcome).toEqual({ kind: 'battery-bought', txHash: expect.any(String) });

    const [battery] = await lifeExtended(twin.agentId);
    const paid = await clients.publicClient.getTransaction({ hash: battery!.transactionHash });
    expect(paid.from).toBe(twin.wallet.address.toLowerCase());
    expect(battery?.args.usdcAmount).toBe(BATTERY_PRICE_USDC);
    const rows = await database.db
      .selectFrom('outbox_transactions')
      .selectAll()
      .where('agent_id', '=', twin.agentId)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.step, row.status])).toEqual(
      ['gas-advance', 'claim-0', 'unwrap', 'approve-weth', 'swap', 'approve-usdc', 'battery', 'gas-repayment'].map(
        (step) => [step, 'confirmed'],
      ),
    );
    for (const row of rows) expect(row.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    // The claim records the fees it moved, for the owner's wallet view.
    expect([rows[1]!.weth_wei, rows[1]!.token_amount]).toEqual([fees.weth.toString(), fees.token.toString()]);
    expect(fees.weth).toBeGreaterThan(0n);
    expect(rows[6]!.tx_hash).toBe(battery!.transactionHash);
    // The operator's advance is paid back from the twin's ETH once the battery is bought, as far as
    // it holds more than an advance for its next gas: what is left is still owed.
    const repayment = rows[7]!;
    expect(repayment.tx_to).toBe(localDevAccount(0).address);
    expect(BigInt(repayment.value_wei)).toBeGreaterThan(0n);
    expect(await gasAdvanceOwed(database.db, twin.agentId)).toBe(LIMITS.gasAdvanceWei - BigInt(repayment.value_wei));
    // What it keeps: an advance's worth, less the repayment's own gas.
    const repaid = await clients.publicClient.getTransactionReceipt({ hash: repayment.tx_hash as `0x${string}` });
    expect(
      (await clients.publicClient.getBalance({ address: twin.wallet.address })) +
        repaid.gasUsed * repaid.effectiveGasPrice,
    ).toBe(LIMITS.gasAdvanceWei);
    // The rest of the sold fees stays with the twin, in USDC.
    expect(await balanceOf(deployment.usdc, twin.wallet.address)).toBe(BigInt(rows[4]!.usdc!) - BATTERY_PRICE_USDC);
  });

  it("spends exactly its caps when the fees are larger: the gas advance, the WETH kept for gas and the swap's", async () => {
    // A swap cap under what a 2,000 USDC trade leaves in fees (1 % of it, about 0.0067 WETH).
    const limits = { ...LIMITS, maxSwapWei: parseEther('0.001') };
    const twin = await newTwin();
    await buyToken(twin, '2000');
    const fees = await localFeeLocker({ publicClient: chain(), contracts }).available({
      token: twin.token,
      twinWallet: twin.wallet.address,
    });
    const kept = limits.gasReserveWei + limits.gasAdvanceWei;
    // More than every cap together: each one binds.
    expect(fees.weth).toBeGreaterThan(kept + limits.maxSwapWei);

    const outcome = await keepTwinAlive({ ...depsOn(database.db), limits }, twin, PERIOD);
    expect(outcome).toMatchObject({ kind: 'battery-bought' });
    const rows = await database.db
      .selectFrom('outbox_transactions')
      .selectAll()
      .where('agent_id', '=', twin.agentId)
      .execute();
    const step = (name: string) => rows.find((row) => row.step === name)!;
    const receipt = (name: string) =>
      clients.publicClient.getTransactionReceipt({ hash: step(name).tx_hash as `0x${string}` });
    // What the chain did, not only what was recorded.
    const advance = await clients.publicClient.getTransaction({ hash: step('gas-advance').tx_hash as `0x${string}` });
    expect(advance.value).toBe(limits.gasAdvanceWei);
    // Unwrapped: the twin's gas and the advance it owes, no more.
    const [unwrapped] = parseEventLogs({
      abi: weth9Abi,
      logs: (await receipt('unwrap')).logs,
      eventName: 'Withdrawal',
    });
    expect(unwrapped?.args.amount).toBe(kept);
    // Sold: the swap's cap, no more.
    const sold = parseEventLogs({ abi: weth9Abi, logs: (await receipt('swap')).logs, eventName: 'Transfer' }).filter(
      (event) => event.args.from === twin.wallet.address,
    );
    expect(sold.map((event) => event.args.value)).toEqual([limits.maxSwapWei]);
    expect([step('unwrap').weth_wei, step('swap').weth_wei]).toEqual([String(kept), String(limits.maxSwapWei)]);
    // The rest waits in the twin's wallet as WETH, for a later period.
    expect(await balanceOf(deployment.weth9, twin.wallet.address)).toBe(fees.weth - kept - limits.maxSwapWei);
    expect(await lifeExtended(twin.agentId)).toHaveLength(1);
  });

  /**
   * With blocks held back, runs the keeper until `step` is sent and waits for its block, and checks
   * that what another signer takes (`free`: the twin's lock, the operator's signer row) is free
   * meanwhile (once the broadcast is done).
   */
  async function lockFreeWhileAwaited(
    step: string,
    free: (twin: KeeperTwin) => Promise<boolean>,
    options: { gas?: bigint } = {},
  ) {
    const twin = await newTwin();
    await buyToken(twin, '1000');
    // A twin with gas of its own needs no advance: its claim is its first transaction.
    if (options.gas) await clients.testClient.setBalance({ address: twin.wallet.address, value: options.gas });
    const status = async (name: string) =>
      (
        await database.db
          .selectFrom('outbox_transactions')
          .select('status')
          .where('agent_id', '=', twin.agentId)
          .where('step', '=', name)
          .executeTakeFirst()
      )?.status;
    await clients.testClient.setAutomine(false);
    try {
      const run = keepTwinAlive(depsOn(database.db), twin, PERIOD);
      await vi.waitFor(
        async () => {
          expect(await status(step)).toBe('sent');
          expect(await free(twin)).toBe(true);
        },
        { timeout: 20_000 },
      );
      // Still waiting for its block: the lock was free while it did.
      expect(await status(step)).toBe('sent');
      await clients.testClient.setAutomine(true);
      await clients.testClient.mine({ blocks: 1 });
      expect(await run).toMatchObject({ kind: 'battery-bought' });
    } finally {
      await clients.testClient.setAutomine(true);
    }
  }

  it("holds the operator's signer row for the gas advance's signing only, not while its receipt is awaited", async () => {
    // Another operator transaction (a deploy, a relayed revival) may sign and send meanwhile.
    await lockFreeWhileAwaited('gas-advance', () => signerRowFree(database.db, localDevAccount(0).address));
  });

  it("holds the twin wallet's lock for each signature and broadcast, not while a receipt is awaited", async () => {
    // A withdrawal of the same wallet may sign meanwhile, while the claim waits for its block.
    await lockFreeWhileAwaited(
      'claim-0',
      async (twin) =>
        (await withAdvisoryLock(database.db, twinWalletLock(twin.agentId), { wait: false }, async () => true)) === true,
      { gas: parseEther('0.01') },
    );
  });

  it('answers busy, signing nothing, while another signer holds the twin wallet', async () => {
    const twin = await newTwin();
    await buyToken(twin, '1000');
    const holder = await holdLock(database.db, twinWalletLock(twin.agentId));
    try {
      expect(await keepTwinAlive(depsOn(database.db), twin, PERIOD)).toEqual({ kind: 'busy' });
      expect(await nonceOf(twin.wallet.address)).toBe(0);
    } finally {
      holder.release();
      await holder.done;
    }
    expect(await keepTwinAlive(depsOn(database.db), twin, PERIOD)).toMatchObject({ kind: 'battery-bought' });
  });

  it('never spends twice: a retry and two replicas at once answer with the same battery', async () => {
    const twin = await newTwin();
    await buyToken(twin, '1000');
    const second = createDb(database.url);
    try {
      const [one, two] = await Promise.all([
        keepTwinAlive(depsOn(database.db), twin, PERIOD),
        keepTwinAlive(depsOn(second), twin, PERIOD),
      ]);
      expect([one.kind, two.kind].sort()).toEqual(expect.arrayContaining(['battery-bought']));
      const nonces = [await nonceOf(twin.wallet.address), await nonceOf(localDevAccount(0).address)];
      // A retry after it all (a job run again): the same battery, nothing sent.
      const retry = await keepTwinAlive(depsOn(second), twin, PERIOD);
      expect(retry).toEqual(one.kind === 'battery-bought' ? one : two);
      expect([await nonceOf(twin.wallet.address), await nonceOf(localDevAccount(0).address)]).toEqual(nonces);
      expect(await lifeExtended(twin.agentId)).toHaveLength(1);
    } finally {
      await second.destroy();
    }
  });

  it('does nothing while the fees do not cover a battery, or when the owner switched it off', async () => {
    const twin = await newTwin();
    await buyToken(twin, '20');
    const before = await nonceOf(localDevAccount(0).address);
    const outcome = await keepTwinAlive(depsOn(database.db), twin, PERIOD);
    expect(outcome.kind).toBe('fees-do-not-cover');
    expect(outcome.kind === 'fees-do-not-cover' && outcome.feesUsdc).toBeLessThan(BATTERY_PRICE_USDC);

    const off = await newTwin(false);
    await buyToken(off, '1000');
    expect(await keepTwinAlive(depsOn(database.db), off, PERIOD)).toEqual({ kind: 'switched-off' });
    expect(await nonceOf(localDevAccount(0).address)).toBe(before);
    expect(await database.db.selectFrom('outbox_transactions').select('id').execute()).toEqual([]);
  });

  it('finishes a run cut off between its steps in its own period, even once the period has ended', async () => {
    const twin = await newTwin();
    await buyToken(twin, '1000');
    // The RPC fails as the third transaction (the unwrap, after the gas advance and the claim) is prepared.
    const base = chain();
    let prepared = 0;
    const cutting = new Proxy(base, {
      get(target, property, receiver) {
        if (property === 'prepareTransactionRequest') {
          return async (...args: Parameters<typeof target.prepareTransactionRequest>) => {
            prepared += 1;
            if (prepared === 3) throw new Error('RPC down');
            return target.prepareTransactionRequest(...args);
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await expect(keepTwinAlive({ ...depsOn(database.db), chain: cutting }, twin, PERIOD)).rejects.toThrow('RPC down');
    // The next tick is in the next period: the fees were claimed already, and the run goes on with them.
    expect(await keepTwinAlive(depsOn(database.db), twin, '2026-11-26')).toMatchObject({ kind: 'battery-bought' });
    expect(await lifeExtended(twin.agentId)).toHaveLength(1);
    const periods = await database.db
      .selectFrom('outbox_transactions')
      .select('period')
      .distinct()
      .where('agent_id', '=', twin.agentId)
      .execute();
    expect(periods.map((row) => row.period)).toEqual([PERIOD]);
  });

  it('spends nothing while the owner paused the twin, on any replica, and goes on once it is resumed', async () => {
    const twin = await newTwin();
    await buyToken(twin, '1000');
    // Pause lives on the twin's owner controls (agent_actions), which need the twin's agents row.
    const hex = twin.wallet.address.slice(2).toLowerCase();
    await database.db
      .insertInto('agents')
      .values({
        agent_id: twin.agentId,
        owner_fid: 7000 + twin.id,
        twin_fid: 970_000 + twin.id,
        twin_username: `keeper-twin-${twin.id}`,
        twin_display_name: 'Keeper twin',
        twin_pfp_url: '',
        wallet_address: `0x${hex}`,
        token_address: twin.token,
        token_symbol: 'KEEP',
        character: '{}',
        choices: '[]',
      })
      .execute();
    await updateOwnerControls(database.db, twin.agentId, { paused: true });
    const before = [await nonceOf(twin.wallet.address), await nonceOf(localDevAccount(0).address)];
    const second = createDb(database.url);
    try {
      expect(await keepTwinAlive(depsOn(database.db), twin, PERIOD)).toEqual({ kind: 'paused' });
      expect(await keepTwinAlive(depsOn(second), twin, PERIOD)).toEqual({ kind: 'paused' });
    } finally {
      await second.destroy();
    }
    expect([await nonceOf(twin.wallet.address), await nonceOf(localDevAccount(0).address)]).toEqual(before);
    expect(
      await database.db.selectFrom('outbox_transactions').select('id').where('agent_id', '=', twin.agentId).execute(),
    ).toEqual([]);

    await updateOwnerControls(database.db, twin.agentId, { paused: false });
    expect(await keepTwinAlive(depsOn(database.db), twin, PERIOD)).toMatchObject({ kind: 'battery-bought' });
    expect(await lifeExtended(twin.agentId)).toHaveLength(1);
  });

  it('a claim the chain refuses leaves the twin as it was: no fees moved, no USDC, no battery, and it is not tried again', async () => {
    const twin = await newTwin();
    await buyToken(twin, '1000');
    const real = localFeeLocker({ publicClient: chain(), contracts });
    // The locker's claim for a token it does not hold reverts (UnknownToken).
    const refusing: FeeLocker = {
      available: real.available,
      claimCalls: async () => [
        {
          to: deployment.agentLpLocker,
          data: encodeFunctionData({
            abi: [
              {
                type: 'function',
                name: 'collectRewards',
                inputs: [{ name: 'token', type: 'address' }],
                outputs: [],
                stateMutability: 'nonpayable',
              },
            ],
            functionName: 'collectRewards',
            args: [deployment.a0x],
          }),
        },
      ],
    };
    const feesBefore = await real.available({ token: twin.token, twinWallet: twin.wallet.address });
    const outcome = await keepTwinAlive(depsOn(database.db, refusing), twin, PERIOD);
    expect(outcome).toMatchObject({ kind: 'failed', step: 'claim-0' });
    expect(await real.available({ token: twin.token, twinWallet: twin.wallet.address })).toEqual(feesBefore);
    expect(await balanceOf(deployment.weth9, twin.wallet.address)).toBe(0n);
    expect(await balanceOf(deployment.usdc, twin.wallet.address)).toBe(0n);
    expect(await nonceOf(twin.wallet.address)).toBe(0);
    expect(await lifeExtended(twin.agentId)).toHaveLength(0);
    const claim = await database.db
      .selectFrom('outbox_transactions')
      .selectAll()
      .where('agent_id', '=', twin.agentId)
      .where('step', '=', 'claim-0')
      .executeTakeFirstOrThrow();
    expect([claim.status, claim.tx_hash]).toEqual(['failed', null]);
    // A retry in the same period stops at the recorded failure.
    expect(await keepTwinAlive(depsOn(database.db, refusing), twin, PERIOD)).toMatchObject({
      kind: 'failed',
      step: 'claim-0',
    });
    expect(await nonceOf(twin.wallet.address)).toBe(0);
  });

  it('a swap the chain refuses leaves the fees in the twin wallet: no USDC spent, no battery, nothing sent again', async () => {
    const twin = await newTwin();
    await buyToken(twin, '1000');
    // As if the approval had been recorded but never reached the chain: the router may not take the WETH.
    await database.db
      .insertInto('outbox_transactions')
      .values(
        keeperStep({
          agent_id: twin.agentId,
          period: PERIOD,
          step: 'approve-weth',
          status: 'confirmed',
          sender: twin.wallet.address,
          to_address: deployment.weth9,
          call_data: '0x',
        }),
      )
      .execute();
    const outcome = await keepTwinAlive(depsOn(database.db), twin, PERIOD);
    expect(outcome).toMatchObject({ kind: 'failed', step: 'swap' });
    const wethLeft = await balanceOf(deployment.weth9, twin.wallet.address);
    expect(wethLeft).toBeGreaterThan(0n);
    expect(await balanceOf(deployment.usdc, twin.wallet.address)).toBe(0n);
    expect(await lifeExtended(twin.agentId)).toHaveLength(0);
    const nonce = await nonceOf(twin.wallet.address);
    expect(await keepTwinAlive(depsOn(database.db), twin, PERIOD)).toMatchObject({ kind: 'failed', step: 'swap' });
    expect(await nonceOf(twin.wallet.address)).toBe(nonce);
    expect(await balanceOf(deployment.weth9, twin.wallet.address)).toBe(wethLeft);
    // The next period sells what the refused one claimed (the locker is empty now) and buys the battery.
    expect(await keepTwinAlive(depsOn(database.db), twin, '2026-11-26')).toMatchObject({ kind: 'battery-bought' });
    expect(await lifeExtended(twin.agentId)).toHaveLength(1);
  });

  it('after a crash, sends what was recorded: an unsigned intent is signed as recorded, a signed one is broadcast as it is', async () => {
    const sender = privateKeyToAccount(generatePrivateKey());
    await clients.testClient.setBalance({ address: sender.address, value: parseEther('1') });
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const agentId = randomUUID();
    const deps = { db: database.db, chain: chain() };
    const never = async (): Promise<never> => {
      throw new Error('a recorded spend is never built again');
    };
    const base = { agent_id: agentId, period: PERIOD, sender: sender.address, to_address: recipient, call_data: '0x' };
    // Crashed after recording the intent, before signing.
    await database.db
      .insertInto('outbox_transactions')
      .values(keeperStep({ ...base, step: 'intent-only', value_wei: '7' }))
      .execute();
    await spendOnce(deps, { agentId, period: PERIOD, step: 'intent-only' }, sender, never);
    expect(await clients.publicClient.getBalance({ address: recipient })).toBe(7n);
    // Crashed after signing and recording, before broadcasting.
    const rawTx = await recordSigned(sender, { agentId, step: 'signed', to: recipient, value: 5n });
    const { txHash } = await spendOnce(deps, { agentId, period: PERIOD, step: 'signed' }, sender, never);
    expect(txHash).toBe(keccak256(rawTx));
    // And again (a second retry): the same transaction, nothing more.
    await spendOnce(deps, { agentId, period: PERIOD, step: 'signed' }, sender, never);
    expect(await clients.publicClient.getBalance({ address: recipient })).toBe(12n);
    expect(await nonceOf(sender.address)).toBe(2);
  });

  it('signs again a spend whose nonce another signer took, and says so in its record', async () => {
    const sender = privateKeyToAccount(generatePrivateKey());
    await clients.testClient.setBalance({ address: sender.address, value: parseEther('1') });
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const agentId = randomUUID();
    const never = async (): Promise<never> => {
      throw new Error('a recorded spend is never built again');
    };
    // Signed and recorded at nonce 0, then the process stopped before the broadcast.
    const stale = await recordSigned(sender, { agentId, step: 'replaced', to: recipient, value: 5n });
    // Another signer of the same key takes nonce 0 meanwhile.
    await mined(clients.walletFor(sender).sendTransaction({ to: sender.address, value: 0n, nonce: 0 }));
    const { txHash } = await spendOnce(
      { db: database.db, chain: chain() },
      { agentId, period: PERIOD, step: 'replaced' },
      sender,
      never,
    );
    expect(txHash).not.toBe(keccak256(stale));
    expect((await clients.publicClient.getTransactionReceipt({ hash: txHash })).status).toBe('success');
    expect(await clients.publicClient.getBalance({ address: recipient })).toBe(5n);
    const row = await database.db
      .selectFrom('outbox_transactions')
      .selectAll()
      .where('agent_id', '=', agentId)
      .executeTakeFirstOrThrow();
    expect([row.status, row.tx_hash]).toEqual(['confirmed', txHash]);
    expect(row.error).toContain(`replaced: another transaction took the nonce of ${keccak256(stale)}`);
  });

  it('throws a broadcast the node refuses instead of waiting for a receipt that cannot come', async () => {
    // No ETH at all: the node refuses the transaction for its gas.
    const sender = privateKeyToAccount(generatePrivateKey());
    const raw = await sender.signTransaction({
      chainId: chain().chain!.id,
      to: sender.address,
      value: 1n,
      nonce: 0,
      gas: 21_000n,
      maxFeePerGas: parseUnits('10', 9),
      maxPriorityFeePerGas: 1n,
    });
    const agentId = randomUUID();
    await database.db
      .insertInto('outbox_transactions')
      .values(
        keeperStep({
          agent_id: agentId,
          period: PERIOD,
          step: 'refused',
          sender: sender.address,
          to_address: sender.address,
          call_data: '0x',
          value_wei: '1',
          status: 'sent',
          raw_tx: raw,
          tx_hash: keccak256(raw),
        }),
      )
      .execute();
    await expect(
      spendOnce({ db: database.db, chain: chain() }, { agentId, period: PERIOD, step: 'refused' }, sender, async () => {
        throw new Error('never built');
      }),
    ).rejects.toThrow(/insufficient funds/i);
  });
});
