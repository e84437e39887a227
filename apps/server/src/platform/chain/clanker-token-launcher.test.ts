import { clankerRecordsStubAbi, clankerRecordsStubBytecode } from '@fartwin/contracts/test-stubs';
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
import { TokenAddressTaken, type TokenLaunchRequest } from './token-launcher.ts';

const OWNER = '0x1111111111111111111111111111111111111111';
const OTHER_OWNER = '0x2222222222222222222222222222222222222222';
const SALT = `0x${'5a'.repeat(32)}` as const;
/** A launch as stored before tokens said who launched them (no info). */
const REQUEST = { name: 'alice (twin)', symbol: 'ALICE', owner: OWNER, salt: SALT, info: null } as const;
/** Where clanker-sdk put REQUEST's token when launches carried no info: such a launch must stay there. */
const LEGACY_ADDRESS = '0xB9C29931BFB05e5d269b668aA14fA625b52D19cD';
const INFO = {
  image: 'https://example.com/alice.png',
  metadata: {
    description: "@alice's AI twin on Fartwin",
    socialMediaUrls: [{ platform: 'farcaster', url: 'https://farcaster.xyz/alice-twin' }],
  },
  context: { interface: 'Fartwin', platform: 'farcaster', messageId: '0xabc123', id: '1001' },
};
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

  it("puts the deployment's random salt into the deploy, so the address is not known from public data", async () => {
    const transaction = await new Clanker().getDeployTransaction(clankerTokenConfig(REQUEST));
    expect(transaction.args[0].tokenConfig.salt).toBe(SALT);
    const otherSalt = await new Clanker().getDeployTransaction(
      clankerTokenConfig({ ...REQUEST, salt: `0x${'a5'.repeat(32)}` }),
    );
    expect(otherSalt.expectedAddress).not.toBe(transaction.expectedAddress);
  });
});

describe('what the token says of who launched it', () => {
  it('keeps the address of a launch stored without it: the same inputs as then', async () => {
    const transaction = await new Clanker().getDeployTransaction(clankerTokenConfig(REQUEST));
    expect(transaction.expectedAddress).toBe(LEGACY_ADDRESS);
    expect(transaction.args[0].tokenConfig).toMatchObject({
      image: '',
      metadata: '',
      context: '{"interface":"Fartwin"}',
    });
  });

  it("gives Clanker the twin's image, description, socials and context, which are part of the address", async () => {
    const transaction = await new Clanker().getDeployTransaction(clankerTokenConfig({ ...REQUEST, info: INFO }));
    const { tokenConfig } = transaction.args[0];
    expect(tokenConfig.image).toBe(INFO.image);
    expect(JSON.parse(tokenConfig.metadata)).toEqual(INFO.metadata);
    expect(JSON.parse(tokenConfig.context)).toEqual(INFO.context);
    expect(transaction.expectedAddress).not.toBe(LEGACY_ADDRESS);
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

/** The launcher as production makes it, the operator paying, on a local anvil. */
const launcherOn = (anvil: RunningAnvil) => {
  const launcher = clankerTokenLauncher({ publicClient: createChainClient(anvil.rpcUrl) });
  const sending = {
    wallet: createWalletClient({
      account: devAccount(OPERATOR_ACCOUNT_INDEX),
      chain: base,
      transport: http(anvil.rpcUrl),
    }),
    onSent: async (hash: `0x${string}`) => {
      throw new Error(`These launches must send nothing, and ${hash} was sent`);
    },
  };
  return { launch: (request: TokenLaunchRequest) => launcher.launch(request, sending) };
};
/** Transactions the operator has sent: none, when a launch must send nothing. */
const operatorNonceOn = (anvil: RunningAnvil) =>
  createChainClient(anvil.rpcUrl).getTransactionCount({ address: devAccount(OPERATOR_ACCOUNT_INDEX).address });

describe('clankerTokenLauncher on a chain without Clanker (anvil)', () => {
  let anvil: RunningAnvil;
  beforeAll(async () => {
    anvil = await startAnvil();
  });
  afterAll(() => anvil.stop());

  const launcher = () => launcherOn(anvil);
  const operatorNonce = () => operatorNonceOn(anvil);

  it('says why when Clanker refuses the deploy, without sending a transaction', async () => {
    // No factory answers here, which is what viem reports through clanker-sdk's generic label.
    await expect(launcher().launch({ ...REQUEST, owner: OTHER_OWNER })).rejects.toThrow(
      `Clanker token $ALICE for ${OTHER_OWNER} was not deployed: Something went wrong (The contract function "deployToken" returned no data ("0x").)`,
    );
    expect(await operatorNonce()).toBe(0);
  });
});

/**
 * Code at the predicted address is the twin's token only if Clanker's records say so. Clanker's
 * factory, locker and the token exist only on Base: a stub with the same views stands in for all
 * three (its runtime code set at their addresses on anvil).
 */
describe('clankerTokenLauncher finding a token at the predicted address', () => {
  const LOCKER = CLANKERS.clanker_v4.related.locker;
  const ATTACKER = '0x4444444444444444444444444444444444444444';
  let anvil: RunningAnvil;
  let expectedAddress: `0x${string}`;
  const recorder = () => createWalletClient({ account: devAccount(5), chain: base, transport: http(anvil.rpcUrl) });
  const record = async (
    address: `0x${string}`,
    call: (wallet: ReturnType<typeof recorder>) => Promise<`0x${string}`>,
  ) => {
    const hash = await call(recorder());
    await createChainClient(anvil.rpcUrl).waitForTransactionReceipt({ hash });
    return address;
  };

  beforeAll(async () => {
    anvil = await startAnvil();
    const chain = createChainClient(anvil.rpcUrl);
    const testClient = createTestClient({ mode: 'anvil', chain: base, transport: http(anvil.rpcUrl) });
    const deployHash = await recorder().deployContract({
      abi: clankerRecordsStubAbi,
      bytecode: clankerRecordsStubBytecode,
    });
    const { contractAddress } = await chain.waitForTransactionReceipt({ hash: deployHash });
    const stubCode = await chain.getCode({ address: contractAddress! });
    ({ expectedAddress } = (await new Clanker().getDeployTransaction(clankerTokenConfig(REQUEST))) as {
      expectedAddress: `0x${string}`;
    });
    for (const address of [CLANKERS.clanker_v4.address, LOCKER, expectedAddress]) {
      await testClient.setCode({ address, bytecode: stubCode! });
    }
    await record(CLANKERS.clanker_v4.address, (wallet) =>
      wallet.writeContract({
        address: CLANKERS.clanker_v4.address,
        abi: clankerRecordsStubAbi,
        functionName: 'recordDeployment',
        args: [expectedAddress, LOCKER],
      }),
    );
    await record(expectedAddress, (wallet) =>
      wallet.writeContract({
        address: expectedAddress,
        abi: clankerRecordsStubAbi,
        functionName: 'setAdmin',
        args: [OWNER],
      }),
    );
  });
  afterAll(() => anvil.stop());

  const launcher = () => launcherOn(anvil);
  const rewardsTo = (recipient: `0x${string}`) =>
    record(LOCKER, (wallet) =>
      wallet.writeContract({
        address: LOCKER,
        abi: clankerRecordsStubAbi,
        functionName: 'recordRewards',
        args: [expectedAddress, recipient, recipient],
      }),
    );

  it('refuses a token someone else deployed there with their own reward recipient, sending nothing', async () => {
    await rewardsTo(ATTACKER);
    const launching = launcher().launch(REQUEST);
    await expect(launching).rejects.toThrow(TokenAddressTaken);
    await expect(launching).rejects.toThrow(`A token that is not the twin's is already at ${expectedAddress}`);
    expect(await operatorNonceOn(anvil)).toBe(0);
  });

  it("returns the twin's own token an earlier attempt created (admin and every reward the twin's), sending nothing", async () => {
    await rewardsTo(OWNER);
    expect(await launcher().launch(REQUEST)).toEqual({ address: expectedAddress, txHash: null });
    expect(await operatorNonceOn(anvil)).toBe(0);
  });
});
