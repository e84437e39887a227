import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { batteryAuthorizationTypedData, fartwinLifeAbi, usdcAbi } from '@fartwin/contracts';
import {
  bootstrapLocalChain,
  createLocalClients,
  type Deployment,
  fundAccounts,
  localDevAccount,
} from '@fartwin/contracts/deployment';
import {
  activityPath,
  batteryRelayPath,
  batteryRelayRequest,
  batteryRelayRequestSchema,
  batteryRelayResponseSchema,
  errorBodySchema,
} from '@fartwin/protocol';
import { pino } from 'pino';
import { type Hex, keccak256, parseEther, parseEventLogs, toHex } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChainClient } from '../src/platform/chain/client.ts';
import type { HttpError } from '../src/platform/http/errors.ts';
import { REVERTED } from '../src/platform/outbox/index.ts';
import { batteryRelay, OTHER_WAYS } from '../src/relay/index.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { poolObserver } from './pool-observer.ts';
import { createTwin, twinAgentId } from './twins.ts';

const USDC = 1_000_000n;
const DAY = 24n * 60n * 60n;

/**
 * Revival with only USDC: the server relays a payer's signed EIP-3009 battery,
 * pays the gas within its caps, and sends each authorization at most once, whoever retries.
 */
describe('the battery relay', () => {
  let server: TestServer;
  let deployment: Deployment;
  let dataDir: string;
  let requestCount = 0;
  const twin = twinAgentId('lowcaps-dev');
  const otherTwin = twinAgentId('gmbeans');
  const clients = () => createLocalClients(server.anvil.rpcUrl);

  /** A payer with USDC and no ETH. */
  const usdcOnlyPayer = async (usdc = 5n * USDC) => {
    const account = privateKeyToAccount(generatePrivateKey());
    if (usdc > 0n) {
      await fundAccounts(clients(), deployment, [account.address], { usdcPerAccount: usdc, ethPerAccount: 0n });
    }
    return account;
  };

  const chainNow = async () => (await clients().publicClient.getBlock()).timestamp;

  /** What the mini-app sends: the typed-data message it had signed, the salt and the signature. */
  const signedBody = async (
    payer: PrivateKeyAccount,
    agentId: string,
    overrides: { validAfter?: bigint; validBefore?: bigint; value?: bigint; to?: Hex; minA0xOut?: bigint } = {},
  ) => {
    const salt = keccak256(toHex(crypto.randomUUID()));
    const minA0xOut = overrides.minA0xOut ?? 0n;
    const typed = batteryAuthorizationTypedData({
      chainId: await clients().publicClient.getChainId(),
      usdc: deployment.usdc,
      fartwinLife: deployment.fartwinLife,
      from: payer.address,
      agentId,
      minA0xOut,
      salt,
      validAfter: overrides.validAfter ?? 0n,
      validBefore: overrides.validBefore ?? (await chainNow()) + 600n,
    });
    const message = {
      ...typed.message,
      ...(overrides.value === undefined ? {} : { value: overrides.value }),
      ...(overrides.to === undefined ? {} : { to: overrides.to }),
    };
    return batteryRelayRequest(message, { minA0xOut, salt }, await payer.signTypedData({ ...typed, message }));
  };

  const postFrom = async (ip: string, agentId: string, body: unknown): Promise<Response> =>
    server.app.request(batteryRelayPath(agentId), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });
  /** Each request from its own client IP: the per-IP limit has a test of its own (limits.test.ts). */
  const post = async (agentId: string, body: unknown): Promise<Response> =>
    postFrom(`10.0.0.${++requestCount % 250}`, agentId, body);

  const expectRefusal = async (response: Response, status: number, code: string) => {
    const body = errorBodySchema.parse(await response.json());
    expect({ status: response.status, code: body.code }).toEqual({ status, code });
    return body.error;
  };

  /** The relays the outbox recorded, by their authorization's payer and nonce. */
  const relayRows = () =>
    server.db
      .selectFrom('outbox_transactions')
      .select(['payer', 'auth_nonce as nonce', 'agent_id', 'tx_hash', 'raw_tx', 'status', 'error'])
      .where('kind', '=', 'relay')
      .execute();
  const usdcOf = (address: Hex) =>
    clients().publicClient.readContract({
      address: deployment.usdc,
      abi: usdcAbi,
      functionName: 'balanceOf',
      args: [address],
    });
  const expiryOf = (agentId: string) =>
    clients().publicClient.readContract({
      address: deployment.fartwinLife,
      abi: fartwinLifeAbi,
      functionName: 'agentTimeToDeath',
      args: [agentId],
    });

  /** What the relay's settlement recorded of its receipt. */
  const outcomeOf = async (txHash: Hex) => {
    const row = await server.db
      .selectFrom('outbox_transactions')
      .select(['status', 'error'])
      .where('tx_hash', '=', txHash)
      .executeTakeFirst();
    if (row?.status === 'confirmed') return 'succeeded';
    return row?.status === 'failed' && row.error === REVERTED.relay ? 'reverted' : undefined;
  };
  /** Waits until the relay's settlement job has recorded its receipt. */
  const settled = (txHash: Hex, outcome: 'succeeded' | 'reverted') =>
    expect.poll(() => outcomeOf(txHash), { timeout: 30_000, interval: 100 }).toBe(outcome);
  const txHashOf = async (response: Response) => {
    expect(response.status).toBe(200);
    return batteryRelayResponseSchema.parse(await response.json()).txHash as Hex;
  };
  /** A payer with a dollar and the ETH to move it itself. */
  const payerWithGas = async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await fundAccounts(clients(), deployment, [account.address], {
      usdcPerAccount: USDC,
      ethPerAccount: parseEther('0.01'),
    });
    return account;
  };
  /**
   * With blocks held back (automine off), a sent relay whose payer moves its dollar away before it
   * is mined: the relay is taken out of the pool, the payer's transfer and whatever else waits are
   * mined, then the relay is sent again and mined after them, and reverts.
   */
  const revertInPool = async (payer: PrivateKeyAccount, txHash: Hex) => {
    const { testClient, publicClient, walletFor } = clients();
    const { raw_tx } = await server.db
      .selectFrom('outbox_transactions')
      .select('raw_tx')
      .where('tx_hash', '=', txHash)
      .executeTakeFirstOrThrow();
    await testClient.dropTransaction({ hash: txHash });
    const moved = await walletFor(payer).writeContract({
      address: deployment.usdc,
      abi: usdcAbi,
      functionName: 'transfer',
      args: [localDevAccount(0).address, USDC],
    });
    await testClient.mine({ blocks: 1 });
    expect((await publicClient.getTransactionReceipt({ hash: moved })).status).toBe('success');
    await publicClient.sendRawTransaction({ serializedTransaction: raw_tx as Hex });
    await testClient.mine({ blocks: 1 });
    expect((await publicClient.getTransactionReceipt({ hash: txHash })).status).toBe('reverted');
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fartwin-relay-'));
    const deploymentFile = join(dataDir, 'deployment.json');
    server = await startTestServer({
      DEPLOYMENT_FILE: deploymentFile,
      TRUST_PROXY_HOPS: '1',
      RELAY_PER_PAYER_PER_DAY: '2',
      RELAY_PER_DAY: '3',
      RELAY_MIN_OPERATOR_ETH: '1',
    });
    await seedLocalNetwork(server.db, server.config.publicUrl);
    deployment = await bootstrapLocalChain({ rpcUrl: server.anvil.rpcUrl, deploymentFile });
    for (const fid of [1001, 1002]) await createTwin(server.db, fid);
  }, 180_000);
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // Each test starts with every cap free.
    await server.db.deleteFrom('outbox_transactions').where('kind', '=', 'relay').execute();
  });

  it('tells the mini-app that signed revivals are relayed here', async () => {
    const script = await (await server.app.request('/app-config.js')).text();
    expect(script).toContain('"batteryRelay":true');
  });

  it('revives a twin from a USDC-only wallet in one signature, the operator paying the gas', async () => {
    const payer = await usdcOnlyPayer();
    const body = await signedBody(payer, twin);
    const response = await post(twin, body);
    expect(response.status).toBe(200);
    const answer = batteryRelayResponseSchema.parse(await response.json());
    expect(answer).toMatchObject({ agentId: twin, payer: payer.address });

    const receipt = await clients().publicClient.waitForTransactionReceipt({ hash: answer.txHash as Hex });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(server.services.operator.account.address.toLowerCase());
    const block = await clients().publicClient.getBlock({ blockNumber: receipt.blockNumber });
    const events = parseEventLogs({ abi: fartwinLifeAbi, logs: receipt.logs });
    expect(events.map((event) => event.eventName)).toEqual(['LifeExtended', 'LifePaid']);
    expect(events[1]?.args).toMatchObject({ payer: payer.address });
    expect(await expiryOf(twin)).toBe(block.timestamp + 7n * DAY);
    expect(await usdcOf(payer.address)).toBe(4n * USDC);
    expect(await clients().publicClient.getBalance({ address: payer.address })).toBe(0n);
    // Recorded, with the transaction it sent.
    expect(await relayRows()).toEqual([
      expect.objectContaining({
        payer: payer.address.toLowerCase(),
        nonce: body.nonce.toLowerCase(),
        agent_id: twin,
        tx_hash: answer.txHash,
      }),
    ]);
  });

  it('sends an authorization once, however often it is retried and by however many replicas', async () => {
    const payer = await usdcOnlyPayer();
    const body = await signedBody(payer, twin);
    const before = await expiryOf(twin);
    // A second replica: its own relay service on the same database and chain.
    const replica = batteryRelay({
      db: server.db,
      chain: createChainClient(server.anvil.rpcUrl),
      operator: server.services.operator,
      contracts: server.services.contracts,
      caps: server.config.batteryRelay,
      logger: pino({ level: 'silent' }),
      settlements: { enqueue: async () => {} },
    });
    const parsedBody = batteryRelayRequestSchema.parse(body);
    type Answer = { status: number; body: { txHash?: string; code?: string } };
    const viaHttp = async (): Promise<Answer> => {
      const response = await post(twin, body);
      return { status: response.status, body: (await response.json()) as Answer['body'] };
    };
    const results = await Promise.allSettled([
      viaHttp(),
      replica.relay(twin, parsedBody).then((answer): Answer => ({ status: 200, body: answer })),
      viaHttp(),
    ]);
    const answers = results.map((result): Answer => {
      if (result.status === 'fulfilled') return result.value;
      const error = result.reason as { status: number; code: string };
      return { status: error.status, body: { code: error.code } };
    });
    // Each attempt either has the one transaction or is told that it is being sent.
    const hashes = new Set(answers.filter((answer) => answer.status === 200).map((answer) => answer.body.txHash));
    expect(hashes.size).toBe(1);
    for (const answer of answers.filter((each) => each.status !== 200)) {
      expect(answer).toEqual({ status: 409, body: expect.objectContaining({ code: 'relay_in_progress' }) });
    }
    const [txHash] = [...hashes] as Hex[];
    await clients().publicClient.waitForTransactionReceipt({ hash: txHash! });

    // Retried after it landed: the same hash again, nothing new sent.
    const retried = await post(twin, body);
    expect(retried.status).toBe(200);
    expect(batteryRelayResponseSchema.parse(await retried.json()).txHash).toBe(txHash);
    expect(await relayRows()).toHaveLength(1);
    expect(await usdcOf(payer.address)).toBe(4n * USDC);
    expect(await expiryOf(twin)).toBeGreaterThanOrEqual(before + 7n * DAY);
    const extended = await clients().publicClient.getContractEvents({
      address: deployment.fartwinLife,
      abi: fartwinLifeAbi,
      eventName: 'LifePaid',
      args: { payer: payer.address },
      fromBlock: 0n,
    });
    expect(extended).toHaveLength(1);
  });

  it("20 relays at once each get a definite answer, and the replica's other reads still answer", async () => {
    // Caps high enough for all 20 to reach the operator's signer row, on the app's own pool.
    const replica = batteryRelay({
      db: server.db,
      chain: createChainClient(server.anvil.rpcUrl),
      operator: server.services.operator,
      contracts: server.services.contracts,
      caps: { ...server.config.batteryRelay, perDay: 1_000, perPayerPerDay: 10 },
      logger: pino({ level: 'silent' }),
      settlements: { enqueue: async () => {} },
    });
    const payers = Array.from({ length: 20 }, () => privateKeyToAccount(generatePrivateKey()));
    await fundAccounts(
      clients(),
      deployment,
      payers.map((payer) => payer.address),
      { usdcPerAccount: 5n * USDC, ethPerAccount: 0n },
    );
    const bodies = await Promise.all(
      payers.map(async (payer) => batteryRelayRequestSchema.parse(await signedBody(payer, twin))),
    );
    const observer = poolObserver(server.config.databaseUrl);
    try {
      let answered = false;
      const outcomes = Promise.allSettled(
        bodies.map((body) =>
          replica.relay(twin, body).finally(() => {
            answered = true;
          }),
        ),
      );
      // Asked once the relays contend for the operator's signer row: a first one answered, or
      // sessions seen waiting for a row lock (as a signing waits for the one before).
      await expect
        .poll(async () => answered || (await observer.rowLockWaiters()) > 0, { timeout: 60_000, interval: 10 })
        .toBe(true);
      const read = await server.app.request(activityPath(twin));
      expect(read.status).toBe(200);
      const answers = (await outcomes).map((outcome): { sent: Hex } | { refused: string } =>
        outcome.status === 'fulfilled'
          ? { sent: outcome.value.txHash as Hex }
          : { refused: `${(outcome.reason as HttpError).status} ${(outcome.reason as HttpError).code}` },
      );
      const sent = answers.flatMap((answer) => ('sent' in answer ? [answer.sent] : []));
      expect(sent.length).toBeGreaterThan(0);
      for (const answer of answers) if ('refused' in answer) expect(answer.refused).toBe('409 relayer_busy');
      // Each sent one lands (no two signed with the same operator nonce); the busy ones left no claim.
      for (const hash of sent) {
        expect((await clients().publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
      }
      expect(await relayRows()).toHaveLength(sent.length);
    } finally {
      await observer.close();
    }
  });

  it('refuses signatures that do not say exactly one battery to the life contract for this twin', async () => {
    const payer = await usdcOnlyPayer();
    const now = await chainNow();
    const cases = [
      { body: await signedBody(payer, twin, { to: payer.address }), code: 'wrong_recipient' },
      { body: await signedBody(payer, twin, { value: 2n * USDC }), code: 'wrong_amount' },
      // Signed for the other twin, sent for this one.
      { body: await signedBody(payer, otherTwin), code: 'wrong_agent' },
      // The payer's minimum lowered or stripped on the way: the nonce no longer derives from it.
      { body: { ...(await signedBody(payer, twin, { minA0xOut: 5n })), minA0xOut: '4' }, code: 'wrong_agent' },
      { body: { ...(await signedBody(payer, twin, { minA0xOut: 5n })), minA0xOut: '0' }, code: 'wrong_agent' },
      { body: await signedBody(payer, twin, { validBefore: now + 5n }), code: 'signature_expired' },
      { body: await signedBody(payer, twin, { validAfter: now + 3_600n }), code: 'not_yet_valid' },
    ];
    for (const { body, code } of cases) {
      const error = await expectRefusal(await post(twin, body), 400, code);
      expect(error).toContain(OTHER_WAYS);
    }
    // A signature by someone else than `from`.
    const impostor = await usdcOnlyPayer();
    const forged = { ...(await signedBody(impostor, twin)), from: payer.address };
    await expectRefusal(await post(twin, forged), 400, 'invalid_signature');
    // A payer without the USDC.
    await expectRefusal(await post(twin, await signedBody(await usdcOnlyPayer(0n), twin)), 400, 'insufficient_usdc');
    // Nothing recorded, nothing spent.
    expect(await relayRows()).toEqual([]);
    expect(await usdcOf(payer.address)).toBe(5n * USDC);
  });

  it('refuses bad requests with a clear error before any chain call', async () => {
    const payer = await usdcOnlyPayer();
    const body = await signedBody(payer, twin);
    await expectRefusal(await post('not-a-twin', body), 400, 'invalid_agent_id');
    await expectRefusal(await post('00000000-0000-4000-8000-000000000000', body), 404, 'unknown_agent');
    await expectRefusal(await post(twin, { ...body, signature: `0x${'ab'.repeat(2049)}` }), 400, 'invalid_request');
    await expectRefusal(await post(twin, { ...body, value: '-1' }), 400, 'invalid_request');
    // 78 digits past 2^256 - 1: a clear 400, not a chain error.
    await expectRefusal(await post(twin, { ...body, validBefore: '9'.repeat(78) }), 400, 'invalid_request');
    await expectRefusal(await post(twin, { ...body, extra: 1 }), 400, 'invalid_request');
    const { signature: _, ...unsigned } = body;
    await expectRefusal(await post(twin, unsigned), 400, 'invalid_request');
    expect(await relayRows()).toEqual([]);
  });

  it('relays no contract wallet unless the operator allows them, saying so', async () => {
    // A wallet whose code answers every ERC-1271 check "valid" (isValidSignature's magic value):
    // what a payer could deploy to have a signature hold when checked and fail once mined.
    const payer = await usdcOnlyPayer();
    const body = await signedBody(payer, twin);
    await clients().testClient.setCode({ address: payer.address, bytecode: '0x631626ba7e60e01b60005260206000f3' });
    const error = await expectRefusal(await post(twin, body), 400, 'contract_wallet');
    expect(error).toContain(OTHER_WAYS);
    expect(await relayRows()).toEqual([]);
    // An operator who allows them: the same request is not refused for being a contract wallet.
    const allowing = batteryRelay({
      db: server.db,
      chain: createChainClient(server.anvil.rpcUrl),
      operator: server.services.operator,
      contracts: server.services.contracts,
      caps: { ...server.config.batteryRelay, contractWallets: true },
      logger: pino({ level: 'silent' }),
      settlements: { enqueue: async () => {} },
    });
    const answer = await allowing.relay(twin, batteryRelayRequestSchema.parse(body), '10.0.1.1').then(
      () => 'relayed',
      (refused: { code?: string }) => refused.code,
    );
    expect(answer).not.toBe('contract_wallet');
    expect(server.config.batteryRelay.contractWallets).toBe(false);
  });

  it('refuses a signature already used or cancelled', async () => {
    const payer = await usdcOnlyPayer();
    const body = await signedBody(payer, twin);
    // The payer cancels it on USDC (someone with ETH submits the cancellation).
    const cancel = await payer.signTypedData({
      domain: {
        name: 'USD Coin',
        version: '2',
        chainId: await clients().publicClient.getChainId(),
        verifyingContract: deployment.usdc,
      },
      primaryType: 'CancelAuthorization',
      types: {
        CancelAuthorization: [
          { name: 'authorizer', type: 'address' },
          { name: 'nonce', type: 'bytes32' },
        ],
      },
      message: { authorizer: payer.address, nonce: body.nonce as Hex },
    });
    const { publicClient, walletFor } = clients();
    const hash = await walletFor(localDevAccount(0)).writeContract({
      address: deployment.usdc,
      abi: usdcAbi,
      functionName: 'cancelAuthorization',
      args: [payer.address, body.nonce as Hex, cancel],
    });
    await publicClient.waitForTransactionReceipt({ hash });
    const error = await expectRefusal(await post(twin, body), 409, 'authorization_used');
    expect(error).toContain(OTHER_WAYS);
    expect(await relayRows()).toEqual([]);
  });

  it('keeps to the caps per payer and per day, each refusal pointing to the other ways', async () => {
    const payer = await usdcOnlyPayer();
    for (let relayed = 0; relayed < 2; relayed++) {
      expect((await post(twin, await signedBody(payer, twin))).status).toBe(200);
    }
    const perPayer = await expectRefusal(await post(twin, await signedBody(payer, twin)), 429, 'payer_daily_limit');
    expect(perPayer).toContain('2 signed revivals per wallet a day');
    expect(perPayer).toContain(OTHER_WAYS);
    // A wallet at its cap is refused before any chain call: even a signature that is not its own
    // gets the cap's answer, not the signature check's (which would cost the relayer its RPCs).
    const forged = { ...(await signedBody(payer, twin)), signature: `0x${'11'.repeat(65)}` };
    await expectRefusal(await post(twin, forged), 429, 'payer_daily_limit');

    expect((await post(otherTwin, await signedBody(await usdcOnlyPayer(), otherTwin))).status).toBe(200);
    // The day's cap counts relays that succeeded: once the three are recorded so, the day is done.
    for (const { tx_hash } of await relayRows()) await settled(tx_hash as Hex, 'succeeded');
    const perDay = await expectRefusal(
      await post(twin, await signedBody(await usdcOnlyPayer(), twin)),
      503,
      'daily_relay_limit',
    );
    expect(perDay).toContain(OTHER_WAYS);
    expect(await relayRows()).toHaveLength(3);
  });

  it('counts no reverted relay against the day, refuses its payer and address for the day, and an honest relay still goes through', async () => {
    const { testClient, publicClient } = clients();
    /** A relay the API sends, whose payer moves its dollar away before it is mined: it reverts. */
    const revertingRelay = async (ip: string) => {
      const payer = await payerWithGas();
      const body = await signedBody(payer, twin);
      await testClient.setAutomine(false);
      let txHash: Hex;
      try {
        txHash = await txHashOf(await postFrom(ip, twin, body));
        await revertInPool(payer, txHash);
      } finally {
        await testClient.setAutomine(true);
      }
      // Recorded by the relay's settlement job.
      await settled(txHash, 'reverted');
      return payer;
    };

    // The day's cap is 3: three relays that revert take none of it.
    const first = await revertingRelay('10.9.0.1');
    // Their payer, from another address, and another payer from their address: refused for the day.
    const again = await signedBody(first, twin);
    await fundAccounts(clients(), deployment, [first.address], { usdcPerAccount: USDC, ethPerAccount: 0n });
    const samePayer = await expectRefusal(await postFrom('10.9.0.9', twin, again), 429, 'relay_reverted_today');
    expect(samePayer).toContain(OTHER_WAYS);
    await expectRefusal(
      await postFrom('10.9.0.1', twin, await signedBody(await usdcOnlyPayer(), twin)),
      429,
      'relay_reverted_today',
    );
    await revertingRelay('10.9.0.2');
    await revertingRelay('10.9.0.3');

    // An honest payer from elsewhere still gets the relay, and it lands.
    const honest = await postFrom('10.9.0.4', twin, await signedBody(await usdcOnlyPayer(), twin));
    expect(honest.status).toBe(200);
    const { txHash } = batteryRelayResponseSchema.parse(await honest.json());
    expect((await publicClient.waitForTransactionReceipt({ hash: txHash as Hex })).status).toBe('success');
    await settled(txHash as Hex, 'succeeded');
  }, 120_000);

  it("holds the day's cap while relays wait for their receipts, and one that reverts frees its place", async () => {
    const { testClient } = clients();
    // The day's cap is 3: three relays sent and not mined yet.
    const reverting = await payerWithGas();
    const payers = [await usdcOnlyPayer(), await usdcOnlyPayer(), reverting];
    const late = await signedBody(await usdcOnlyPayer(), twin);
    const sent: Hex[] = [];
    await testClient.setAutomine(false);
    try {
      for (const [index, payer] of payers.entries()) {
        sent.push(await txHashOf(await postFrom(`10.8.0.${index + 1}`, twin, await signedBody(payer, twin))));
      }
      // They could fill the day: a fourth waits, told to send the same signature again, and nothing is claimed.
      const refused = await postFrom('10.8.0.9', twin, late);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const error = await expectRefusal(refused, 503, 'relays_pending');
      expect(error).toContain('Send yours again in a minute: nothing was paid.');
      expect(error).toContain(OTHER_WAYS);
      expect(await relayRows()).toHaveLength(3);
      // The third one's payer moves its dollar first: it reverts; the other two land.
      await revertInPool(reverting, sent[2]!);
    } finally {
      await testClient.setAutomine(true);
    }
    await settled(sent[0]!, 'succeeded');
    await settled(sent[1]!, 'succeeded');
    await settled(sent[2]!, 'reverted');

    // Two succeeded: the fourth, sent again, takes the place the reverted one left.
    await settled(await txHashOf(await postFrom('10.8.0.9', twin, late)), 'succeeded');
    const done = await postFrom('10.8.0.10', twin, await signedBody(await usdcOnlyPayer(), twin));
    expect(await expectRefusal(done, 503, 'daily_relay_limit')).toContain(OTHER_WAYS);
  }, 120_000);

  it("stops above the operator's ETH floor, and relays again once it is topped up", async () => {
    const { testClient, publicClient } = clients();
    const operator = server.services.operator.account.address;
    const balance = await publicClient.getBalance({ address: operator });
    await testClient.setBalance({ address: operator, value: parseEther('0.5') });
    try {
      const payer = await usdcOnlyPayer();
      const body = await signedBody(payer, twin);
      const error = await expectRefusal(await post(twin, body), 503, 'relayer_out_of_gas');
      expect(error).toContain(OTHER_WAYS);
      expect(await relayRows()).toEqual([]);
      await testClient.setBalance({ address: operator, value: parseEther('2') });
      expect((await post(twin, body)).status).toBe(200);
    } finally {
      await testClient.setBalance({ address: operator, value: balance });
    }
  });

  it('records nothing when the chain would refuse the payment', async () => {
    const { publicClient, walletFor } = clients();
    const owner = walletFor(localDevAccount(0));
    const pause = async (functionName: 'pause' | 'unpause') =>
      publicClient.waitForTransactionReceipt({
        hash: await owner.writeContract({ address: deployment.fartwinLife, abi: fartwinLifeAbi, functionName }),
      });
    await pause('pause');
    try {
      const payer = await usdcOnlyPayer();
      const error = await expectRefusal(await post(twin, await signedBody(payer, twin)), 400, 'payment_would_fail');
      expect(error).toContain('EnforcedPause');
      expect(await relayRows()).toEqual([]);
    } finally {
      await pause('unpause');
    }
    // A payer's signed minimum more than the swap buys: relayed as signed, it would revert.
    const payer = await usdcOnlyPayer();
    const body = await signedBody(payer, twin, { minA0xOut: 10n ** 30n });
    const error = await expectRefusal(await post(twin, body), 400, 'payment_would_fail');
    expect(error).toContain('BelowPayerMinimum');
    expect(await relayRows()).toEqual([]);
  });
});
