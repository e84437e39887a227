import { devAccount, OPERATOR_ACCOUNT_INDEX, type RunningAnvil, startAnvil } from '@fartwin/localstack';
import { CLANKERS } from 'clanker-sdk';
import { Clanker } from 'clanker-sdk/v4';
import {
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  encodeEventTopics,
  getAbiItem,
  http,
  type Log,
  zeroHash,
} from 'viem';
import { base } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clankerTokenConfig, clankerTokenLauncher, createdTokenAddress } from './clanker-token-launcher.ts';
import { createChainClient } from './client.ts';

const OWNER = '0x1111111111111111111111111111111111111111';
const OTHER_OWNER = '0x2222222222222222222222222222222222222222';
const REQUEST = { name: 'alice (twin)', symbol: 'ALICE', owner: OWNER } as const;
/** Clanker v4's factory on Base, as Clanker documents it. */
const CLANKER_V4_FACTORY = '0xE85A59c628F7d27878ACeB4bf3b35733630083a9';

describe('clankerTokenConfig', () => {
  it("makes the twin's wallet the token's admin and its only reward recipient, on Base", () => {
    expect(clankerTokenConfig(REQUEST)).toMatchObject({
      name: 'alice (twin)',
      symbol: 'ALICE',
      chainId: 8453,
      tokenAdmin: OWNER,
      rewards: { recipients: [{ admin: OWNER, recipient: OWNER, bps: 10_000, token: 'Both' }] },
    });
  });

  it("is accepted by clanker-sdk and becomes a deployToken call on Clanker v4's factory", async () => {
    const transaction = await new Clanker().getDeployTransaction(clankerTokenConfig(REQUEST));
    expect(transaction).toMatchObject({ address: CLANKER_V4_FACTORY, functionName: 'deployToken', chainId: 8453 });
    const [deployment] = transaction.args;
    expect(deployment.tokenConfig).toMatchObject({
      tokenAdmin: OWNER,
      name: 'alice (twin)',
      symbol: 'ALICE',
      originatingChainId: 8453n,
    });
    expect(deployment.lockerConfig).toMatchObject({
      rewardAdmins: [OWNER],
      rewardRecipients: [OWNER],
      rewardBps: [10_000],
    });

    const otherOwners = await new Clanker().getDeployTransaction(
      clankerTokenConfig({ ...REQUEST, owner: OTHER_OWNER }),
    );
    expect(otherOwners.expectedAddress).not.toBe(transaction.expectedAddress);
  });
});

describe('createdTokenAddress', () => {
  const TOKEN = '0x3333333333333333333333333333333333333333';
  const event = getAbiItem({ abi: CLANKERS.clanker_v4.abi, name: 'TokenCreated' });

  /** A TokenCreated log as the factory emits it, encoded from the event's ABI. */
  function tokenCreatedLog(emitter: `0x${string}`): Log {
    const data = encodeAbiParameters(
      event.inputs.filter((input) => !input.indexed),
      [
        OWNER, // msgSender
        '', // tokenImage
        'alice (twin)',
        'ALICE',
        '', // tokenMetadata
        '{"interface":"Fartwin"}',
        -230400, // startingTick
        OTHER_OWNER, // poolHook
        zeroHash, // poolId
        '0x4200000000000000000000000000000000000006', // pairedToken (WETH)
        OTHER_OWNER, // locker
        OTHER_OWNER, // mevModule
        0n, // extensionsSupply
        [], // extensions
      ],
    );
    const topics = encodeEventTopics({
      abi: CLANKERS.clanker_v4.abi,
      eventName: 'TokenCreated',
      args: { tokenAddress: TOKEN, tokenAdmin: OWNER },
    });
    return {
      address: emitter,
      topics: topics as Log['topics'],
      data,
      blockHash: zeroHash,
      blockNumber: 1n,
      logIndex: 0,
      transactionHash: zeroHash,
      transactionIndex: 0,
      removed: false,
    };
  }

  it("reads the token from the factory's TokenCreated event", () => {
    expect(createdTokenAddress([tokenCreatedLog(CLANKER_V4_FACTORY)])).toBe(TOKEN);
  });

  it('ignores the same event from any other contract, and receipts without it', () => {
    expect(createdTokenAddress([tokenCreatedLog(OTHER_OWNER)])).toBeNull();
    expect(createdTokenAddress([])).toBeNull();
  });
});

describe('clankerTokenLauncher on a chain without Clanker (anvil)', () => {
  let anvil: RunningAnvil;
  beforeAll(async () => {
    anvil = await startAnvil();
  });
  afterAll(() => anvil.stop());

  const launcher = () =>
    clankerTokenLauncher({
      publicClient: createChainClient(anvil.rpcUrl),
      wallet: createWalletClient({
        account: devAccount(OPERATOR_ACCOUNT_INDEX),
        chain: base,
        transport: http(anvil.rpcUrl),
      }),
    });
  const operatorNonce = () =>
    createChainClient(anvil.rpcUrl).getTransactionCount({ address: devAccount(OPERATOR_ACCOUNT_INDEX).address });

  it("returns the token an earlier attempt created at Clanker's predicted address, sending nothing", async () => {
    const { expectedAddress } = await new Clanker().getDeployTransaction(clankerTokenConfig(REQUEST));
    const testClient = createTestClient({ mode: 'anvil', chain: base, transport: http(anvil.rpcUrl) });
    await testClient.setCode({ address: expectedAddress!, bytecode: '0x6001' });

    expect(await launcher().launch(REQUEST)).toEqual({ address: expectedAddress, txHash: null });
    expect(await operatorNonce()).toBe(0);
  });

  it('says why when Clanker refuses the deploy, without sending a transaction', async () => {
    // No factory answers here, which is what viem reports through clanker-sdk's generic label.
    await expect(launcher().launch({ ...REQUEST, owner: OTHER_OWNER })).rejects.toThrow(
      `Clanker token $ALICE for ${OTHER_OWNER} was not deployed: Something went wrong (The contract function "deployToken" returned no data ("0x").)`,
    );
    expect(await operatorNonce()).toBe(0);
  });
});
