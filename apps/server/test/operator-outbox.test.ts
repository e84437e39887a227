import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { batteryAuthorizationTypedData } from '@fartwin/contracts';
import { bootstrapLocalChain, createLocalClients, type Deployment, fundAccounts } from '@fartwin/contracts/deployment';
import { batteryRelayRequest, batteryRelayRequestSchema } from '@fartwin/protocol';
import { pino } from 'pino';
import { type Hex, keccak256, type PublicClient, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeployment, findDeployment } from '../src/deploy/deployment-store.ts';
import { type DeployDeps, deploySteps } from '../src/deploy/steps.ts';
import { createChainClient } from '../src/platform/chain/client.ts';
import { batteryRelay } from '../src/relay/index.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createTwin, leaningCharacter, twinAgentId } from './twins.ts';

const USDC = 1_000_000n;

/**
 * The operator signs deploys' and relays' transactions through one outbox: its nonces come from
 * one signer row, so a deploy in the middle of sending never makes a relay wait or answer "busy".
 */
describe("the operator's transactions", () => {
  let server: TestServer;
  let deployment: Deployment;
  let dataDir: string;
  const relayTwin = twinAgentId('lowcaps-dev');
  const clients = () => createLocalClients(server.anvil.rpcUrl);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fartwin-operator-outbox-'));
    const deploymentFile = join(dataDir, 'deployment.json');
    server = await startTestServer({ DEPLOYMENT_FILE: deploymentFile, RELAY_MIN_OPERATOR_ETH: '1' });
    await seedLocalNetwork(server.db, server.config.publicUrl);
    deployment = await bootstrapLocalChain({ rpcUrl: server.anvil.rpcUrl, deploymentFile });
    await createTwin(server.db, 1001);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a deploy and a relay signed at once get consecutive nonces, and the relay waits on no lock', async () => {
    const chain = createChainClient(server.anvil.rpcUrl);
    // A payer with USDC, funded before the deploy starts (the funding is the operator's too).
    const payer = privateKeyToAccount(generatePrivateKey());
    await fundAccounts(clients(), deployment, [payer.address], { usdcPerAccount: 5n * USDC, ethPerAccount: 0n });
    const salt = keccak256(toHex(crypto.randomUUID()));
    const typed = batteryAuthorizationTypedData({
      chainId: await chain.getChainId(),
      usdc: deployment.usdc,
      fartwinLife: deployment.fartwinLife,
      from: payer.address,
      agentId: relayTwin,
      minA0xOut: 0n,
      salt,
      validAfter: 0n,
      validBefore: (await chain.getBlock()).timestamp + 600n,
    });
    const body = batteryRelayRequestSchema.parse(
      batteryRelayRequest(typed.message, { minA0xOut: 0n, salt }, await payer.signTypedData(typed)),
    );
    // The deploy's chain: its first transaction, once signed and stored, is held back from the node
    // until the relay has been answered (a slow broadcast, with the deploy in the middle of it).
    let held!: () => void;
    const signed = new Promise<void>((resolve) => {
      held = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sends = 0;
    const holding = {
      ...chain,
      sendRawTransaction: async (args: Parameters<PublicClient['sendRawTransaction']>[0]) => {
        if (sends++ === 0) {
          held();
          await released;
        }
        return chain.sendRawTransaction(args);
      },
    } as unknown as PublicClient;
    const deployTwin = twinAgentId('gmbeans');
    const { choices, character } = await leaningCharacter(server.db, 1002);
    await createDeployment(server.db, { ownerFid: 1002, agentId: deployTwin, choices, character });
    const deps = {
      db: server.db,
      publicClient: holding,
      operator: server.services.operator,
      settlements: { enqueue: async () => {} },
      contracts: server.services.contracts,
      life: server.services.life,
    } as unknown as DeployDeps;
    const firstBattery = deploySteps.find((step) => step.name === 'first-battery')!;
    const deploying = firstBattery.run((await findDeployment(server.db, 1002))!, deps);
    await signed;

    // The relay, while the deploy's transaction is signed and not yet sent.
    const relay = batteryRelay({
      db: server.db,
      chain,
      operator: server.services.operator,
      contracts: server.services.contracts,
      caps: server.config.batteryRelay,
      logger: pino({ level: 'silent' }),
      settlements: { enqueue: async () => {} },
    });
    try {
      // Answered with its transaction, not "busy", while the deploy is still in the middle of sending:
      // the relay took no lock the deploy holds (a wait on one would never end before the release).
      const answered = await relay.relay(relayTwin, body);
      expect(answered.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    } finally {
      release();
    }
    const { batteryTxHash } = await deploying;

    // The deploy's approval, then the relay, then the deploy's payment: one nonce each, in a row.
    const rows = await server.db
      .selectFrom('outbox_transactions')
      .select(['kind', 'agent_id', 'nonce', 'tx_hash'])
      .where('signer', '=', server.services.operator.account.address.toLowerCase())
      .where('agent_id', 'in', [deployTwin, relayTwin])
      .orderBy('nonce')
      .execute();
    expect(rows.map((row) => [row.kind, row.agent_id])).toEqual([
      ['operator', deployTwin],
      ['relay', relayTwin],
      ['operator', deployTwin],
    ]);
    expect(rows.map((row) => row.nonce! - rows[0]!.nonce!)).toEqual([0, 1, 2]);
    expect(rows[2]!.tx_hash).toBe(batteryTxHash);
    for (const row of rows) {
      const receipt = await chain.waitForTransactionReceipt({ hash: row.tx_hash as Hex });
      expect(receipt.status).toBe('success');
    }
  });
});
