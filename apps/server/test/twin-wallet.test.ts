import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { erc20Abi, usdcAbi } from '@fartwin/contracts';
import {
  A0X_SUPPLY,
  bootstrapLocalChain,
  confirm,
  createLocalClients,
  type Deployment,
  fundAccounts,
  localDevAccount,
} from '@fartwin/contracts/deployment';
import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { activityPath, twinEconomyPaths, twinWalletResponseSchema, withdrawalResponseSchema } from '@fartwin/protocol';
import { sql } from 'kysely';
import { type PublicClient, parseEther, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { encryptPrivateKey, generateTwinWallet } from '../src/deploy/wallet-keys.ts';
import { gasAdvanceOwed } from '../src/economy/fee-history.ts';
import { createChainClient } from '../src/platform/chain/client.ts';
import { twinWalletLock } from '../src/platform/db/advisory-locks.ts';
import type { HttpError } from '../src/platform/http/errors.ts';
import { type OutboxSettlements, RECENT_SWEEP, settleTransaction, sweepSent } from '../src/platform/outbox/index.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { twinWalletService } from '../src/twin-wallet/twin-wallet-service.ts';
import type { TwinRecord } from '../src/twins/repository.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { keeperStep } from './keeper-rows.ts';
import { poolObserver } from './pool-observer.ts';
import { tokenFor } from './quick-auth-client.ts';
import { createTwin } from './twins.ts';

const OWNER = 1001;
const STRANGER = 1002;
const USDC = (amount: string) => parseUnits(amount, 6);
/** TWIN_WITHDRAW_USDC_PER_DAY for this test. */
const PER_DAY = 30;
/** TWIN_WITHDRAW_ETH_PER_DAY for this test. */
const ETH_PER_DAY = parseEther('0.3');
/** TWIN_WITHDRAW_TOKEN_PER_DAY_BPS for this test: 0.01 % of the token's supply, 10 million of A0X's 100 billion. */
const TOKEN_PER_DAY_BPS = 1;
const TOKEN = (amount: string) => parseUnits(amount, 18);

describe("the twin's wallet: its owner sees it and withdraws to their own address, exactly once", () => {
  let server: TestServer;
  let deployment: Deployment;
  let twin: TwinRecord;
  /** The twin wallet's key, for a second signer of it. */
  let twinKey: `0x${string}`;
  const bearer: Record<number, string> = {};
  const dataDir = mkdtempSync(join(tmpdir(), 'fartwin-twin-wallet-'));
  const ownerAddress = localUserAccount(OWNER).address;

  beforeAll(async () => {
    const deploymentFile = join(dataDir, 'deployment.json');
    server = await startTestServer({
      DEPLOYMENT_FILE: deploymentFile,
      TWIN_WITHDRAW_USDC_PER_DAY: String(PER_DAY),
      TWIN_WITHDRAW_ETH_PER_DAY: '0.3',
      TWIN_WITHDRAW_TOKEN_PER_DAY_BPS: String(TOKEN_PER_DAY_BPS),
    });
    await seedLocalNetwork(server.db, server.config.publicUrl);
    deployment = await bootstrapLocalChain({ rpcUrl: server.anvil.rpcUrl, deploymentFile });
    // A twin with a real wallet whose key the service holds, as the deploy pipeline leaves it.
    const { privateKey, account } = generateTwinWallet();
    twinKey = privateKey;
    twin = await createTwin(server.db, OWNER);
    await server.db
      .updateTable('agents')
      .set({ wallet_address: account.address, token_address: deployment.a0x })
      .where('agent_id', '=', twin.agentId)
      .execute();
    twin = { ...twin, walletAddress: account.address };
    await server.db
      .insertInto('deployments')
      .values({
        owner_fid: OWNER,
        agent_id: twin.agentId,
        choices: JSON.stringify([]),
        character: JSON.stringify({}),
        status: 'completed',
        steps: JSON.stringify([]),
        wallet_address: account.address,
        wallet_key_ciphertext: encryptPrivateKey(privateKey, account.address, server.config.walletEncryptionKey),
      })
      .execute();
    await fundAccounts(createLocalClients(server.anvil.rpcUrl), deployment, [account.address], {
      usdcPerAccount: USDC('100'),
      ethPerAccount: parseEther('1'),
    });
    const request = (path: string, init?: RequestInit) => server.app.request(path, init);
    for (const fid of [OWNER, STRANGER]) bearer[fid] = await tokenFor(request, fid, appDomain(server.config.publicUrl));
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const chain = () => createChainClient(server.anvil.rpcUrl);
  const usdcOf = (address: `0x${string}`) =>
    chain().readContract({ address: deployment.usdc, abi: usdcAbi, functionName: 'balanceOf', args: [address] });
  const getWallet = (fid?: number) =>
    server.app.request(twinEconomyPaths.wallet(twin.agentId), {
      headers: fid ? { authorization: `Bearer ${bearer[fid]}` } : {},
    });
  const withdraw = (body: Record<string, unknown>, fid = OWNER) =>
    server.app.request(twinEconomyPaths.withdrawals(twin.agentId), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer[fid]}` },
      body: JSON.stringify(body),
    });
  const usdcWithdrawal = (amount: bigint, to: string = ownerAddress, idempotencyKey: string = randomUUID()) => ({
    idempotencyKey,
    asset: 'usdc',
    amount: amount.toString(),
    to,
  });
  const ledger = () =>
    server.db.selectFrom('outbox_transactions').selectAll().where('kind', '=', 'withdrawal').orderBy('id').execute();
  const spendRow = (id: number) =>
    server.db.selectFrom('outbox_transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Waits for the settlement job to record a spend's outcome (no view is asked). */
  const settledByJob = (id: number) =>
    expect.poll(async () => (await spendRow(id)).status, { timeout: 30_000, interval: 200 }).not.toBe('sent');
  /** The service on a chain client of the test's own; its sent spends are handed to `settlements`. */
  const serviceOn = (client: PublicClient, settlements: OutboxSettlements = { enqueue: async () => {} }) =>
    twinWalletService({
      db: server.db,
      chain: client,
      farcaster: server.services.farcaster,
      contracts: server.services.contracts,
      walletEncryptionKey: server.config.walletEncryptionKey,
      limits: server.config.twinWallet,
      settlements,
    });
  /**
   * One request sent as two replicas would at once, then retried: every answer is the one transfer.
   * Answered once sent (a busy anvil may not have mined it yet): its receipt, then the settlement
   * job, settle it.
   */
  const sendTwiceAndRetry = async (request: Record<string, unknown>) => {
    const answers = await Promise.all([withdraw(request), withdraw(request)]);
    answers.push(await withdraw(request));
    // The one that found the wallet's lock taken is told to send it again (the retry is its answer).
    const told = await Promise.all(
      answers.map(async (answer) => ({ status: answer.status, body: await answer.json() })),
    );
    for (const busy of told.filter((answer) => answer.status !== 200)) {
      expect(busy).toMatchObject({ status: 409, body: { code: 'wallet_busy' } });
    }
    expect(told[2]!.status).toBe(200);
    const withdrawals = told
      .filter((answer) => answer.status === 200)
      .map((answer) => withdrawalResponseSchema.parse(answer.body).withdrawal);
    expect(new Set(withdrawals.map((withdrawal) => withdrawal.txHash)).size).toBe(1);
    expect(withdrawals.every((withdrawal) => ['sent', 'confirmed'].includes(withdrawal.status))).toBe(true);
    const { status } = await chain().waitForTransactionReceipt({ hash: withdrawals[0]!.txHash as `0x${string}` });
    expect(status).toBe('success');
    await settledByJob(withdrawals[0]!.id);
    return withdrawals[0]!;
  };

  it('shows the wallet to its owner only: 401 without a sign-in, 403 for anyone else, also for withdrawals', async () => {
    expect((await getWallet()).status).toBe(401);
    const stranger = await getWallet(STRANGER);
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({ code: 'forbidden' });
    const strangerWithdraws = await withdraw(usdcWithdrawal(USDC('1'), localUserAccount(STRANGER).address), STRANGER);
    expect(strangerWithdraws.status).toBe(403);

    const response = await getWallet(OWNER);
    expect(response.status).toBe(200);
    const wallet = twinWalletResponseSchema.parse(await response.json());
    expect(wallet).toMatchObject({
      address: twin.walletAddress,
      balances: { eth: parseEther('1').toString(), usdc: USDC('100').toString(), token: { amount: '0' } },
      fees: {
        claimed: { wethWei: '0', token: '0' },
        swapped: { wethWei: '0', usdc: '0' },
        spent: { gasAdvanceWei: '0', unwrappedWei: '0', batteries: 0, batteriesUsdc: '0' },
      },
      transactions: [],
      withdrawTo: [ownerAddress.toLowerCase()],
      limits: {
        usdcLeftToday: USDC(String(PER_DAY)).toString(),
        usdcPerDay: USDC(String(PER_DAY)).toString(),
        ethLeftToday: ETH_PER_DAY.toString(),
        ethPerDay: ETH_PER_DAY.toString(),
        tokenLeftToday: TOKEN('10000000').toString(),
        tokenPerDay: ((A0X_SUPPLY * BigInt(TOKEN_PER_DAY_BPS)) / 10_000n).toString(),
      },
    });
    expect(await ledger()).toEqual([]);
  });

  it("refuses an address outside the owner's Farcaster account, recording and sending nothing", async () => {
    const response = await withdraw(usdcWithdrawal(USDC('1'), localUserAccount(STRANGER).address));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'foreign_address' });
    expect(await ledger()).toEqual([]);
    expect(await usdcOf(twin.walletAddress)).toBe(USDC('100'));
  });

  it('withdraws exactly once per idempotency key: two replicas at once and a retry send one transfer', async () => {
    const before = await usdcOf(ownerAddress);
    const request = usdcWithdrawal(USDC('10'));
    await sendTwiceAndRetry(request);
    expect(await usdcOf(ownerAddress)).toBe(before + USDC('10'));
    expect((await ledger()).map((row) => [row.status, row.amount])).toEqual([['confirmed', USDC('10').toString()]]);

    // The same key for another amount is refused, not sent.
    const reused = await withdraw({ ...request, amount: USDC('11').toString() });
    expect(reused.status).toBe(409);
    expect(await reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('a transfer sent whose outcome was not seen is retried with the same transaction, never a second one', async () => {
    const before = await usdcOf(ownerAddress);
    let failures = 1;
    const real = chain();
    const failingOnce = new Proxy(real, {
      get(target, property, receiver) {
        // The transfer leaves and is mined, but its receipt is not seen (a timeout, a crash).
        if (property === 'getTransactionReceipt') {
          return async (...args: Parameters<PublicClient['getTransactionReceipt']>) => {
            if (failures-- > 0) throw new Error('no receipt within the budget');
            return target.getTransactionReceipt(...args);
          };
        }
        return Reflect.get(target, property, receiver);
      },
    }) as PublicClient;
    const service = serviceOn(failingOnce);
    const request = {
      idempotencyKey: randomUUID(),
      asset: 'usdc' as const,
      amount: USDC('2').toString(),
      to: ownerAddress,
    };
    expect(await service.withdraw(twin.agentId, OWNER, request)).toMatchObject({ status: 'sent' });
    const signed = (await ledger()).at(-1)!;
    expect(signed).toMatchObject({ status: 'sent', amount: USDC('2').toString() });
    const retried = await service.withdraw(twin.agentId, OWNER, request);
    expect(retried).toMatchObject({ status: 'confirmed', txHash: signed.tx_hash });
    expect(await usdcOf(ownerAddress)).toBe(before + USDC('2'));
  });

  it('holds the limits: the balance, the daily cap (the same answer on a retry) and the ETH kept for gas', async () => {
    const tooMuch = await withdraw(usdcWithdrawal(USDC('1000')));
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.json()).toMatchObject({ code: 'insufficient_balance' });

    // 12 of the day's 30 are gone; 18 more pass, then nothing.
    expect((await withdraw(usdcWithdrawal(USDC('18')))).status).toBe(200);
    const overCap = usdcWithdrawal(USDC('1'));
    const refused = await withdraw(overCap);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'daily_withdrawal_limit' });
    expect((await withdraw(overCap)).status).toBe(429);
    const wallet = twinWalletResponseSchema.parse(await (await getWallet(OWNER)).json());
    expect(wallet.limits.usdcLeftToday).toBe('0');
    expect(wallet.transactions.map((spend) => spend.status)).toEqual([
      'failed',
      'confirmed',
      'failed',
      'confirmed',
      'confirmed',
    ]);

    // The day's cap lifted, a wallet without ETH to spare for gas still refuses.
    await sql`update outbox_transactions set created_at = now() - interval '2 days', signed_at = now() - interval '2 days', expires_at = now() - interval '2 days' where kind = 'withdrawal'`.execute(
      server.db,
    );
    await createLocalClients(server.anvil.rpcUrl).testClient.setBalance({ address: twin.walletAddress, value: 1000n });
    const noGas = await withdraw(usdcWithdrawal(USDC('1')));
    expect(noGas.status).toBe(400);
    expect(await noGas.json()).toMatchObject({ code: 'gas_reserve' });
  });

  it("lists the fee keeper's claims and spends: added up under fees, each beside the withdrawals, newest first, at most 50", async () => {
    const keeperRow = (step: string, secondsAgo: number, values: Record<string, string | null> = {}) => ({
      agent_id: twin.agentId,
      period: '2026-11-25',
      step,
      status: 'confirmed' as const,
      sender: twin.walletAddress,
      to_address: deployment.weth9,
      call_data: '0x',
      tx_hash: `0x${step.length.toString(16).padStart(64, '0')}`,
      created_at: new Date(Date.now() + 60_000 - secondsAgo * 1000),
      ...values,
    });
    await server.db
      .insertInto('outbox_transactions')
      .values(
        [
          keeperRow('gas-advance', 6, { value_wei: parseEther('0.0005').toString(), sender: ownerAddress }),
          keeperRow('claim-0', 5, { weth_wei: parseEther('0.02').toString(), token_amount: '7' }),
          keeperRow('unwrap', 4, { weth_wei: parseEther('0.0005').toString() }),
          keeperRow('approve-weth', 3),
          keeperRow('swap', 2, { weth_wei: parseEther('0.0195').toString(), usdc: USDC('58').toString() }),
          keeperRow('approve-usdc', 1, { status: 'failed', error: 'reverted' }),
          keeperRow('battery', 0, { status: 'intent', usdc: USDC('1').toString() }),
        ].map(keeperStep),
      )
      .execute();
    const wallet = twinWalletResponseSchema.parse(await (await getWallet(OWNER)).json());
    // Only what was confirmed is added up: the battery is not bought yet.
    expect(wallet.fees).toEqual({
      claimed: { wethWei: parseEther('0.02').toString(), token: '7' },
      swapped: { wethWei: parseEther('0.0195').toString(), usdc: USDC('58').toString() },
      spent: {
        gasAdvanceWei: parseEther('0.0005').toString(),
        unwrappedWei: parseEther('0.0005').toString(),
        batteries: 0,
        batteriesUsdc: '0',
      },
    });
    expect(wallet.transactions.slice(0, 8).map((transaction) => [transaction.kind, transaction.status])).toEqual([
      ['battery', 'intent'],
      ['approval', 'failed'],
      ['swap', 'confirmed'],
      ['approval', 'confirmed'],
      ['unwrap', 'confirmed'],
      ['fee-claim', 'confirmed'],
      ['gas-advance', 'confirmed'],
      ['withdrawal', 'failed'],
    ]);
    expect(wallet.transactions[2]).toMatchObject({
      amounts: { wethWei: parseEther('0.0195').toString(), usdc: USDC('58').toString() },
    });

    // Many older keeper records: the list stays at 50, the newest ones.
    await server.db
      .insertInto('outbox_transactions')
      .values(
        Array.from({ length: 60 }, (_, day) =>
          keeperStep({
            ...keeperRow('claim-0', 86_400 * (day + 3), { weth_wei: parseEther('0.02').toString() }),
            period: `old-${day}`,
          }),
        ),
      )
      .execute();
    const bounded = twinWalletResponseSchema.parse(await (await getWallet(OWNER)).json());
    expect(bounded.transactions).toHaveLength(50);
    expect(bounded.transactions[0]).toMatchObject({ kind: 'battery' });
    expect(bounded.fees.claimed.wethWei).toBe((parseEther('0.02') * 61n).toString());
  });

  it('answers clear errors for malformed requests', async () => {
    const bad = await withdraw({ idempotencyKey: 'x', asset: 'usdc', amount: '-1', to: 'nope' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });

  it('answers once the transfer is sent, not mined: the wallet shows it pending, then confirmed once the job saw it mined', async () => {
    const { testClient } = createLocalClients(server.anvil.rpcUrl);
    // Gas again (the limits' test took it), and a chain that mines only when told: a slow chain.
    await testClient.setBalance({ address: twin.walletAddress, value: parseEther('1') });
    const before = await usdcOf(ownerAddress);
    const listed = async (id: number) =>
      twinWalletResponseSchema
        .parse(await (await getWallet(OWNER)).json())
        .transactions.find((transaction) => transaction.kind === 'withdrawal' && transaction.id === id);
    await testClient.setAutomine(false);
    try {
      const answer = await withdraw(usdcWithdrawal(USDC('3')));
      expect(answer.status).toBe(200);
      const { withdrawal } = withdrawalResponseSchema.parse(await answer.json());
      expect(withdrawal).toMatchObject({ status: 'sent', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
      expect(await listed(withdrawal.id)).toMatchObject({ status: 'sent', txHash: withdrawal.txHash });
      // Another withdrawal waits for it (it holds the wallet's next nonce).
      const next = await withdraw(usdcWithdrawal(USDC('1')));
      expect(next.status).toBe(409);
      expect(await next.json()).toMatchObject({ code: 'withdrawal_pending' });
      expect(await usdcOf(ownerAddress)).toBe(before);

      // Mined, and settled by the job: nobody looks at the wallet meanwhile.
      await testClient.mine({ blocks: 1 });
      await settledByJob(withdrawal.id);
      expect(await spendRow(withdrawal.id)).toMatchObject({ status: 'confirmed' });
      expect(await listed(withdrawal.id)).toMatchObject({ status: 'confirmed', txHash: withdrawal.txHash });
    } finally {
      await testClient.setAutomine(true);
    }
    expect(await usdcOf(ownerAddress)).toBe(before + USDC('3'));
  });

  /**
   * A USDC withdrawal signed, sent and then mined, but never handed to the settlement job (as after
   * a crash between signing and enqueueing): still `sent` in the ledger, its receipt on the chain.
   */
  const minedButUnsettled = async () => {
    const { testClient } = createLocalClients(server.anvil.rpcUrl);
    await testClient.setAutomine(false);
    try {
      const spend = await serviceOn(chain()).withdraw(twin.agentId, OWNER, {
        ...usdcWithdrawal(USDC('1')),
        asset: 'usdc',
        to: ownerAddress,
      });
      expect(spend).toMatchObject({ status: 'sent' });
      await testClient.mine({ blocks: 1 });
      const receipt = await chain().getTransactionReceipt({ hash: spend.txHash as `0x${string}` });
      expect(receipt.status).toBe('success');
      return spend;
    } finally {
      await testClient.setAutomine(true);
    }
  };
  /** A chain client that counts the calls by which a settlement would touch the chain. */
  const countingChain = () => {
    const calls = { sendRawTransaction: 0, getTransactionReceipt: 0 };
    const client = new Proxy(chain(), {
      get(target, property, receiver) {
        if (property === 'sendRawTransaction' || property === 'getTransactionReceipt') calls[property]++;
        return Reflect.get(target, property, receiver);
      },
    }) as PublicClient;
    return { client, calls };
  };

  it('a view of the wallet only reads: a sent withdrawal mined meanwhile shows pending, nothing is sent or recorded', async () => {
    const spend = await minedButUnsettled();
    const before = await spendRow(spend.id);
    const { client, calls } = countingChain();
    const wallet = await serviceOn(client).view(twin.agentId, OWNER);
    expect(wallet.transactions.find((listed) => listed.kind === 'withdrawal' && listed.id === spend.id)).toMatchObject({
      status: 'sent',
      txHash: spend.txHash,
    });
    expect(calls).toEqual({ sendRawTransaction: 0, getTransactionReceipt: 0 });
    expect(await spendRow(spend.id)).toEqual(before);
  });

  it('the sweep hands a spend left `sent` without its job (a crash) to the job, which settles it', async () => {
    const spend = await minedButUnsettled();
    // Signed longer ago than a fresh spend's own job needs to take it.
    await sql`update outbox_transactions set updated_at = now() - interval '5 minutes' where id = ${spend.id}`.execute(
      server.db,
    );
    expect(await sweepSent(server.jobs, server.db, RECENT_SWEEP)).toBeGreaterThanOrEqual(1);
    await settledByJob(spend.id);
    expect(await spendRow(spend.id)).toMatchObject({ status: 'confirmed', tx_hash: spend.txHash });
  });

  it('two settlers at once (two replicas, the job and a withdrawal) record one outcome, once', async () => {
    const spend = await minedButUnsettled();
    const settleDeps = { db: server.db, chain: chain(), budgetMs: server.config.twinWallet.chainBudgetMs };
    const runs = await Promise.all([settleTransaction(settleDeps, spend.id), settleTransaction(settleDeps, spend.id)]);
    expect(runs.map((run) => run.recorded).sort()).toEqual([false, true]);
    expect(runs.map((run) => run.row.status)).toEqual(['confirmed', 'confirmed']);
    // A later run (a retry, the sweep) changes nothing.
    const settled = await spendRow(spend.id);
    expect(await settleTransaction(settleDeps, spend.id)).toMatchObject({ recorded: false });
    expect(await spendRow(spend.id)).toEqual(settled);
  });

  const ethOf = (address: `0x${string}`) => chain().getBalance({ address });
  const tokenOf = (address: `0x${string}`) =>
    chain().readContract({ address: deployment.a0x, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const withdrawal = (asset: 'eth' | 'token', amount: bigint, to: string = ownerAddress) => ({
    idempotencyKey: randomUUID(),
    asset,
    amount: amount.toString(),
    to,
  });
  /** What a mined withdrawal cost the twin in gas. */
  const gasPaid = async (txHash: `0x${string}`) => {
    const receipt = await chain().getTransactionReceipt({ hash: txHash });
    return receipt.gasUsed * receipt.effectiveGasPrice;
  };
  const refusal = async (answer: Response) => ({ status: answer.status, ...((await answer.json()) as object) });
  const latestRow = async () => (await ledger()).at(-1)!;
  /** The owner's hourly withdrawals (20) start again: each test below sends many. */
  const newHourOfWithdrawals = () =>
    sql`delete from rate_limits where key = ${`withdrawPerFid:${OWNER}`}`.execute(server.db);

  it("withdraws the twin's ETH exactly once per key, as a plain transfer that leaves the gas reserve", async () => {
    await newHourOfWithdrawals();
    await createLocalClients(server.anvil.rpcUrl).testClient.setBalance({
      address: twin.walletAddress,
      value: parseEther('1'),
    });
    const ownerBefore = await ethOf(ownerAddress);
    const sent = await sendTwiceAndRetry(withdrawal('eth', parseEther('0.1')));
    expect(sent).toMatchObject({ asset: 'eth', amount: parseEther('0.1').toString() });
    // The owner gets exactly the amount; the twin pays it and its gas, once.
    expect(await ethOf(ownerAddress)).toBe(ownerBefore + parseEther('0.1'));
    expect(await ethOf(twin.walletAddress)).toBe(parseEther('0.9') - (await gasPaid(sent.txHash as `0x${string}`)));
    expect((await ledger()).filter((row) => row.asset === 'eth').map((row) => row.status)).toEqual(['confirmed']);

    const wallet = twinWalletResponseSchema.parse(await (await getWallet(OWNER)).json());
    expect(wallet.limits).toMatchObject({
      ethLeftToday: parseEther('0.2').toString(),
      ethPerDay: ETH_PER_DAY.toString(),
    });
    expect(wallet.transactions.find((spend) => spend.kind === 'withdrawal' && spend.id === sent.id)).toMatchObject({
      asset: 'eth',
      amount: parseEther('0.1').toString(),
      status: 'confirmed',
    });
  });

  it('refuses ETH beyond the balance, the daily cap or the gas reserve, and to a foreign address, sending nothing', async () => {
    await newHourOfWithdrawals();
    const { testClient } = createLocalClients(server.anvil.rpcUrl);
    const foreign = await withdraw(withdrawal('eth', parseEther('0.01'), localUserAccount(STRANGER).address));
    expect(await refusal(foreign)).toMatchObject({ status: 403, code: 'foreign_address' });

    const tooMuch = await withdraw(withdrawal('eth', parseEther('5')));
    expect(await refusal(tooMuch)).toMatchObject({ status: 400, code: 'insufficient_balance' });

    // 0.1 of the day's 0.3 is gone: 0.25 more is over the cap, and a retry gets the same answer.
    const overCap = withdrawal('eth', parseEther('0.25'));
    expect(await refusal(await withdraw(overCap))).toMatchObject({ status: 429, code: 'daily_withdrawal_limit' });
    expect(await refusal(await withdraw(overCap))).toMatchObject({ status: 429, code: 'daily_withdrawal_limit' });

    // All the wallet holds: nothing would be left for this transfer's gas, let alone the reserve.
    const reserve = parseEther(String(server.config.twinWallet.gasReserveEth));
    await testClient.setBalance({ address: twin.walletAddress, value: parseEther('0.05') });
    const everything = await withdraw(withdrawal('eth', parseEther('0.05')));
    expect(await refusal(everything)).toMatchObject({ status: 400, code: 'gas_reserve' });
    // The amount and the reserve fit the wallet, the amount, its gas and the reserve do not.
    await testClient.setBalance({ address: twin.walletAddress, value: parseEther('0.05') + reserve });
    const ownerBefore = await ethOf(ownerAddress);
    const noGas = await withdraw(withdrawal('eth', parseEther('0.05')));
    expect(await refusal(noGas)).toMatchObject({ status: 400, code: 'gas_reserve' });
    expect(await latestRow()).toMatchObject({ asset: 'eth', status: 'failed', tx_hash: null });
    // Less, so that its gas fits too: it goes.
    const fits = await withdraw(withdrawal('eth', parseEther('0.04')));
    expect(fits.status).toBe(200);
    const { txHash } = withdrawalResponseSchema.parse(await fits.json()).withdrawal;
    await chain().waitForTransactionReceipt({ hash: txHash as `0x${string}` });
    expect(await ethOf(ownerAddress)).toBe(ownerBefore + parseEther('0.04'));
    expect(await ethOf(twin.walletAddress)).toBeGreaterThanOrEqual(reserve);
  });

  it("keeps the ETH the service advanced for the keeper's gas until the keeper pays it back", async () => {
    await newHourOfWithdrawals();
    const { testClient } = createLocalClients(server.anvil.rpcUrl);
    const reserve = parseEther(String(server.config.twinWallet.gasReserveEth));
    const earlier = await gasAdvanceOwed(server.db, twin.agentId);
    const advance = parseEther('0.02');
    const keeperRow = (step: string) => ({
      agent_id: twin.agentId,
      period: '2026-11-27',
      step,
      status: 'confirmed' as const,
      sender: twin.walletAddress,
      to_address: twin.walletAddress,
      call_data: '0x',
      value_wei: advance.toString(),
    });
    await server.db
      .insertInto('outbox_transactions')
      .values(keeperStep(keeperRow('gas-advance')))
      .execute();
    expect(await gasAdvanceOwed(server.db, twin.agentId)).toBe(earlier + advance);
    // 0.03 ETH over the reserve, of which 0.02 (and what was owed before) is the operator's.
    await testClient.setBalance({ address: twin.walletAddress, value: reserve + parseEther('0.03') });
    const owed = await withdraw(withdrawal('eth', parseEther('0.015')));
    expect(await refusal(owed)).toMatchObject({ status: 400, code: 'gas_advance_owed' });
    expect(await latestRow()).toMatchObject({ asset: 'eth', status: 'failed', tx_hash: null });
    // Paid back by the keeper: the same withdrawal goes.
    await server.db
      .insertInto('outbox_transactions')
      .values(keeperStep(keeperRow('gas-repayment')))
      .execute();
    const paidBack = await withdraw(withdrawal('eth', parseEther('0.015')));
    expect(paidBack.status).toBe(200);
    const { txHash } = withdrawalResponseSchema.parse(await paidBack.json()).withdrawal;
    expect((await chain().waitForTransactionReceipt({ hash: txHash as `0x${string}` })).status).toBe('success');
  });

  it("withdraws the twin's own token exactly once per key, within its share of the supply a day", async () => {
    await newHourOfWithdrawals();
    const clients = createLocalClients(server.anvil.rpcUrl);
    await clients.testClient.setBalance({ address: twin.walletAddress, value: parseEther('1') });
    const transfer = await clients.walletFor(localDevAccount(0)).writeContract({
      address: deployment.a0x,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [twin.walletAddress, TOKEN('20000000')],
    });
    await confirm(clients.publicClient, transfer);
    const ownerBefore = await tokenOf(ownerAddress);

    const sent = await sendTwiceAndRetry(withdrawal('token', TOKEN('6000000')));
    expect(sent).toMatchObject({ asset: 'token', amount: TOKEN('6000000').toString() });
    expect(await tokenOf(ownerAddress)).toBe(ownerBefore + TOKEN('6000000'));
    expect(await tokenOf(twin.walletAddress)).toBe(TOKEN('14000000'));

    const tooMuch = await withdraw(withdrawal('token', TOKEN('15000000')));
    expect(await refusal(tooMuch)).toMatchObject({ status: 400, code: 'insufficient_balance' });
    // 6 of the day's 10 million are gone.
    const overCap = await withdraw(withdrawal('token', TOKEN('5000000')));
    expect(await refusal(overCap)).toMatchObject({ status: 429, code: 'daily_withdrawal_limit' });
    const wallet = twinWalletResponseSchema.parse(await (await getWallet(OWNER)).json());
    expect(wallet.limits.tokenLeftToday).toBe(TOKEN('4000000').toString());
    expect(wallet.balances.token.amount).toBe(TOKEN('14000000').toString());

    // Within the cap, but the wallet cannot pay the transfer's gas and keep its reserve.
    await clients.testClient.setBalance({ address: twin.walletAddress, value: 1000n });
    const noGas = await withdraw(withdrawal('token', TOKEN('1000000')));
    expect(await refusal(noGas)).toMatchObject({ status: 400, code: 'gas_reserve' });
    expect(await tokenOf(twin.walletAddress)).toBe(TOKEN('14000000'));
    expect(await tokenOf(ownerAddress)).toBe(ownerBefore + TOKEN('6000000'));
  });

  it('a withdrawal whose nonce another signer took is marked failed, never left sent, and the next one goes', async () => {
    await newHourOfWithdrawals();
    const clients = createLocalClients(server.anvil.rpcUrl);
    await clients.testClient.setBalance({ address: twin.walletAddress, value: parseEther('1') });
    const before = await usdcOf(ownerAddress);
    await clients.testClient.setAutomine(false);
    let spend: Awaited<ReturnType<ReturnType<typeof serviceOn>['withdraw']>>;
    try {
      spend = await serviceOn(chain()).withdraw(twin.agentId, OWNER, {
        ...usdcWithdrawal(USDC('1')),
        asset: 'usdc',
        to: ownerAddress,
      });
      expect(spend).toMatchObject({ status: 'sent' });
      // The withdrawal leaves the pool, and another signer of the same key takes its nonce.
      await clients.testClient.dropTransaction({ hash: spend.txHash as `0x${string}` });
      const other = await clients
        .walletFor(privateKeyToAccount(twinKey))
        .sendTransaction({ to: twin.walletAddress, value: 0n });
      await clients.testClient.mine({ blocks: 1 });
      expect((await chain().getTransactionReceipt({ hash: other })).status).toBe('success');
    } finally {
      await clients.testClient.setAutomine(true);
    }
    // The stored bytes sent again are refused ("nonce too low"): that is no sign they were mined.
    const settleDeps = { db: server.db, chain: chain(), budgetMs: server.config.twinWallet.chainBudgetMs };
    const settled = await settleTransaction(settleDeps, spend.id);
    expect(settled).toMatchObject({
      recorded: true,
      row: { status: 'failed', error: expect.stringContaining("took this withdrawal's place") },
    });
    const listed = twinWalletResponseSchema
      .parse(await (await getWallet(OWNER)).json())
      .transactions.find((transaction) => transaction.kind === 'withdrawal' && transaction.id === spend.id);
    expect(listed).toMatchObject({ status: 'failed', error: expect.stringContaining('nothing was sent by it') });
    expect(await usdcOf(ownerAddress)).toBe(before);
    // Nothing blocks the twin's next withdrawal.
    const next = await withdraw(usdcWithdrawal(USDC('1')));
    expect(next.status).toBe(200);
    const { txHash } = withdrawalResponseSchema.parse(await next.json()).withdrawal;
    expect((await chain().waitForTransactionReceipt({ hash: txHash as `0x${string}` })).status).toBe('success');
    expect(await usdcOf(ownerAddress)).toBe(before + USDC('1'));
  });

  it('counts the daily cap by signing time over a rolling 24 hours, pending intents included; a stale intent is never sent', async () => {
    await newHourOfWithdrawals();
    await createLocalClients(server.anvil.rpcUrl).testClient.setBalance({
      address: twin.walletAddress,
      value: parseEther('1'),
    });
    // Everything earlier in this file is out of the day.
    await sql`update outbox_transactions set created_at = now() - interval '3 days', signed_at = now() - interval '3 days', expires_at = now() - interval '3 days' where kind = 'withdrawal'`.execute(
      server.db,
    );
    /** A USDC withdrawal asked for `created` ago, confirmed and signed `signed` ago, or still an intent. */
    const spend = async (amount: string, created: string, signed: string | null) => {
      const idempotencyKey = randomUUID();
      const { rows } = await sql<{ id: number }>`
        insert into outbox_transactions
          (kind, key, agent_id, signer, tx_to, asset, amount, recipient, requested_by_fid, status, tx_hash,
           created_at, signed_at, expires_at)
        values ('withdrawal', ${`withdrawal:${twin.agentId}:${idempotencyKey}`}, ${twin.agentId},
          ${twin.walletAddress.toLowerCase()}, ${deployment.usdc}, 'usdc', ${USDC(amount).toString()},
          ${ownerAddress.toLowerCase()}, ${OWNER}, ${signed ? 'confirmed' : 'intent'},
          ${signed ? `0x${randomUUID().replaceAll('-', '').padEnd(64, '0')}` : null},
          now() - ${created}::interval, now() - ${signed}::interval,
          now() - ${created}::interval + interval '10 minutes')
        returning id`.execute(server.db);
      return { id: rows[0]!.id, idempotencyKey };
    };
    await spend('5', '2 hours', '2 hours');
    await spend('7', '23 hours', '23 hours');
    await spend('20', '25 hours', '25 hours');
    // Asked for a day ago, signed an hour ago: it counts today.
    await spend('4', '25 hours', '1 hour');
    // Pending: it may be signed any moment.
    await spend('3', '1 minute', null);
    // Asked for a day ago and never sent (say refused as pending then): expired.
    const stale = await spend('9', '25 hours', null);
    // 5 + 7 + 4 + 3 of the day's 30.
    const wallet = twinWalletResponseSchema.parse(await (await getWallet(OWNER)).json());
    expect(wallet.limits.usdcLeftToday).toBe(USDC('11').toString());

    // Replayed a day later, the stale intent is refused, and stays refused: nothing is signed.
    const replay = usdcWithdrawal(USDC('9'), ownerAddress, stale.idempotencyKey);
    const ownerBefore = await usdcOf(ownerAddress);
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await refusal(await withdraw(replay))).toMatchObject({ status: 409, code: 'withdrawal_expired' });
    }
    expect(await spendRow(stale.id)).toMatchObject({ status: 'failed', tx_hash: null, signed_at: null });

    // 12 is past what is left; 11 goes.
    expect(await refusal(await withdraw(usdcWithdrawal(USDC('12'))))).toMatchObject({
      status: 429,
      code: 'daily_withdrawal_limit',
    });
    const fits = await withdraw(usdcWithdrawal(USDC('11')));
    expect(fits.status).toBe(200);
    const { txHash } = withdrawalResponseSchema.parse(await fits.json()).withdrawal;
    await chain().waitForTransactionReceipt({ hash: txHash as `0x${string}` });
    expect(await usdcOf(ownerAddress)).toBe(ownerBefore + USDC('11'));
  });

  it("50 withdrawals of one owner at once each get a definite answer, and the replica's other reads still answer", async () => {
    // On the app's own pool (10 connections, as in production). Each asks more than the wallet
    // holds: whoever holds the wallet's lock reads the balance and refuses; the others are busy.
    const service = serviceOn(chain());
    const observer = poolObserver(server.config.databaseUrl);
    try {
      let answered = false;
      const attempts = Array.from({ length: 50 }, () =>
        service
          .withdraw(twin.agentId, OWNER, {
            idempotencyKey: randomUUID(),
            asset: 'usdc',
            amount: USDC('1000000').toString(),
            to: ownerAddress,
          })
          .finally(() => {
            answered = true;
          }),
      );
      const outcomes = Promise.allSettled(attempts);
      // The read is asked once the withdrawals contend for the lock: a first one answered, or
      // (as when requests waited for it) sessions seen waiting for it.
      await expect
        .poll(async () => answered || (await observer.lockWaiters(twinWalletLock(twin.agentId))) > 0, {
          timeout: 30_000,
          interval: 10,
        })
        .toBe(true);
      const read = await server.app.request(activityPath(twin.agentId));
      expect(read.status).toBe(200);
      const answers = (await outcomes).map((outcome) =>
        outcome.status === 'fulfilled'
          ? 'sent'
          : `${(outcome.reason as HttpError).status} ${(outcome.reason as HttpError).code}`,
      );
      expect(answers).toContain('400 insufficient_balance');
      for (const answer of new Set(answers)) expect(['400 insufficient_balance', '409 wallet_busy']).toContain(answer);
      // Nothing signed, and every busy intent is kept for its retry.
      expect(
        (await ledger()).filter((row) => row.tx_hash === null && row.amount === USDC('1000000').toString()),
      ).toHaveLength(50);
    } finally {
      await observer.close();
    }
  });
});
