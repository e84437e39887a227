import { domainSeparator, type Hex, keccak256, parseEventLogs, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { fartwinLifeAbi, localUsdcAbi } from '../generated/abis.ts';
import { batteryAuthorizationCall } from '../src/battery.ts';
import {
  AUTHORIZATION_NONCE_TAG,
  type BatteryAuthorization,
  batteryAuthorizationNonce,
  batteryAuthorizationTypedData,
  receiveWithAuthorizationTypes,
} from '../src/battery-authorization.ts';
import { confirm } from '../src/transactions.ts';
import { expectRevert, type TestChain, useTestChain } from './support/chain.ts';
import {
  agentIdFor,
  buyBattery,
  DAY,
  lifeAndTokenErrorsAbi,
  mintUsdc,
  quoteA0xOut,
  readLife,
  tokenBalance,
  USDC,
} from './support/life.ts';

const chain = useTestChain();

type Signer = Parameters<TestChain['walletFor']>[0];

/** A payer with USDC and no ETH at all: the person this entry exists for. */
async function usdcOnlyPayer(usdc = 5n * USDC) {
  const account = privateKeyToAccount(generatePrivateKey());
  await mintUsdc(chain(), account.address, usdc);
  return account;
}

async function chainNow(): Promise<bigint> {
  return (await chain().publicClient.getBlock()).timestamp;
}

interface SignOptions {
  agentId: string;
  value?: bigint;
  to?: `0x${string}`;
  validAfter?: bigint;
  validBefore?: bigint;
  /** The payer's minimum, signed into the nonce; 0 (the owner's floor only) unless given. */
  minA0xOut?: bigint;
  salt?: Hex;
}

/**
 * Signs a ReceiveWithAuthorization as the mini-app does (the typed data from
 * batteryAuthorizationTypedData), with any field overridable to forge a wrong one.
 */
async function sign(signer: Signer, options: SignOptions): Promise<BatteryAuthorization> {
  const { deployment, publicClient } = chain();
  const salt = options.salt ?? keccak256(toHex(crypto.randomUUID()));
  const validAfter = options.validAfter ?? 0n;
  const validBefore = options.validBefore ?? (await chainNow()) + 600n;
  const minA0xOut = options.minA0xOut ?? 0n;
  const typed = batteryAuthorizationTypedData({
    chainId: await publicClient.getChainId(),
    usdc: deployment.usdc,
    fartwinLife: deployment.fartwinLife,
    from: signer.address,
    agentId: options.agentId,
    minA0xOut,
    salt,
    validAfter,
    validBefore,
  });
  const message = {
    ...typed.message,
    ...(options.value === undefined ? {} : { value: options.value }),
    ...(options.to === undefined ? {} : { to: options.to }),
  };
  const signature = await chain()
    .walletFor(signer)
    .signTypedData({ ...typed, message, account: signer });
  return { from: signer.address, validAfter, validBefore, minA0xOut, salt, signature };
}

/** The relayer (bob, who has ETH) submits the payer's authorization, as signed unless changed. */
async function relay(agentId: string, authorization: BatteryAuthorization) {
  const { bob, publicClient, deployment } = chain();
  const hash = await bob.writeContract(batteryAuthorizationCall(deployment.fartwinLife, agentId, authorization));
  const receipt = await confirm(publicClient, hash);
  const block = await publicClient.getBlock({ blockNumber: receipt.blockNumber });
  const events = parseEventLogs({ abi: fartwinLifeAbi, logs: receipt.logs });
  return { receipt, timestamp: block.timestamp, events };
}

async function expectUsdcRefusal(action: Promise<unknown>, reason: string) {
  const [message] = await expectRevert(action, 'Error', lifeAndTokenErrorsAbi);
  expect(message).toBe(reason);
}

describe('extendLifeWithAuthorization', () => {
  it('revives an agent for a payer with USDC and no ETH, exactly as extendLife does', async () => {
    const { alice, bob, deployment, publicClient } = chain();
    const payer = await usdcOnlyPayer();
    expect(await publicClient.getBalance({ address: payer.address })).toBe(0n);
    const bobUsdc = await tokenBalance(chain(), deployment.usdc, bob.account.address);
    const quoted = await quoteA0xOut(chain(), USDC);

    const authorization = await sign(payer, { agentId: agentIdFor('relayed'), minA0xOut: quoted });
    const { timestamp, events } = await relay(agentIdFor('relayed'), authorization);

    // The same events, in the same order, as a direct extendLife; the signer is the payer.
    expect(events.map((event) => event.eventName)).toEqual(['LifeExtended', 'LifePaid']);
    expect(events[0]?.args).toEqual({
      agentId: agentIdFor('relayed'),
      usdcAmount: USDC,
      a0xBurned: quoted,
      newTimeToDeath: timestamp + 7n * DAY,
    });
    expect(events[1]?.args).toEqual({ agentIdHash: keccak256(toHex(agentIdFor('relayed'))), payer: payer.address });
    expect(await tokenBalance(chain(), deployment.usdc, payer.address)).toBe(4n * USDC);
    expect(await tokenBalance(chain(), deployment.usdc, bob.account.address)).toBe(bobUsdc);
    expect(await tokenBalance(chain(), deployment.usdc, deployment.fartwinLife)).toBe(0n);
    expect(await publicClient.getBalance({ address: payer.address })).toBe(0n);
    expect(
      await publicClient.readContract({
        address: deployment.usdc,
        abi: localUsdcAbi,
        functionName: 'authorizationState',
        args: [payer.address, batteryAuthorizationNonce(agentIdFor('relayed'), quoted, authorization.salt)],
      }),
    ).toBe(true);

    // A direct extendLife then stacks on it by the same 7 days.
    const direct = await buyBattery(chain(), alice, agentIdFor('relayed'), USDC);
    expect(direct.event.args.newTimeToDeath).toBe(timestamp + 14n * DAY);
    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('relayed'))).toBe(timestamp + 14n * DAY);
  });

  it('binds the nonce to the agent id and the minimum as the contract computes it', async () => {
    const salt = keccak256(toHex('salt'));
    const read = (minA0xOut: bigint) =>
      chain().publicClient.readContract({
        address: chain().deployment.fartwinLife,
        abi: fartwinLifeAbi,
        functionName: 'authorizationNonce',
        args: [agentIdFor('bound'), minA0xOut, salt],
      });
    expect(await read(7n)).toBe(batteryAuthorizationNonce(agentIdFor('bound'), 7n, salt));
    expect(await read(8n)).not.toBe(await read(7n));
    expect(
      await chain().publicClient.readContract({
        address: chain().deployment.fartwinLife,
        abi: fartwinLifeAbi,
        functionName: 'AUTHORIZATION_NONCE_TAG',
      }),
    ).toBe(AUTHORIZATION_NONCE_TAG);
  });

  it('refuses a replayed signature', async () => {
    const payer = await usdcOnlyPayer();
    const authorization = await sign(payer, { agentId: agentIdFor('replay') });
    await relay(agentIdFor('replay'), authorization);
    await expectUsdcRefusal(
      relay(agentIdFor('replay'), authorization),
      'FiatTokenV2: authorization is used or canceled',
    );
    expect(await tokenBalance(chain(), chain().deployment.usdc, payer.address)).toBe(4n * USDC);
  });

  it('refuses an expired signature', async () => {
    const payer = await usdcOnlyPayer();
    const authorization = await sign(payer, { agentId: agentIdFor('late'), validBefore: await chainNow() });
    await expectUsdcRefusal(relay(agentIdFor('late'), authorization), 'FiatTokenV2: authorization is expired');
  });

  it('refuses a signature that is not yet valid', async () => {
    const payer = await usdcOnlyPayer();
    const authorization = await sign(payer, { agentId: agentIdFor('early'), validAfter: (await chainNow()) + 3600n });
    await expectUsdcRefusal(relay(agentIdFor('early'), authorization), 'FiatTokenV2: authorization is not yet valid');
  });

  it('refuses a signature for another amount than one battery', async () => {
    const payer = await usdcOnlyPayer();
    for (const value of [2n * USDC, USDC - 1n]) {
      const authorization = await sign(payer, { agentId: agentIdFor('amount'), value });
      await expectUsdcRefusal(relay(agentIdFor('amount'), authorization), 'FiatTokenV2: invalid signature');
    }
  });

  it('refuses a signature paying someone else than the life contract', async () => {
    const payer = await usdcOnlyPayer();
    const authorization = await sign(payer, { agentId: agentIdFor('recipient'), to: chain().bob.account.address });
    await expectUsdcRefusal(relay(agentIdFor('recipient'), authorization), 'FiatTokenV2: invalid signature');
  });

  it('refuses a signature spent on another agent, which stays payable for the one signed for', async () => {
    const payer = await usdcOnlyPayer();
    const authorization = await sign(payer, { agentId: agentIdFor('intended') });
    await expectUsdcRefusal(relay(agentIdFor('hijacked'), authorization), 'FiatTokenV2: invalid signature');
    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('hijacked'))).toBe(0n);

    const { timestamp } = await relay(agentIdFor('intended'), authorization);
    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('intended'))).toBe(timestamp + 7n * DAY);
  });

  it('refuses a signature whose from is someone else', async () => {
    const payer = await usdcOnlyPayer();
    const other = await usdcOnlyPayer();
    const authorization = await sign(payer, { agentId: agentIdFor('impostor') });
    await expectUsdcRefusal(
      relay(agentIdFor('impostor'), { ...authorization, from: other.address }),
      'FiatTokenV2: invalid signature',
    );
  });

  it("holds the swap to the payer's signed minimum", async () => {
    const payer = await usdcOnlyPayer();
    const quoted = await quoteA0xOut(chain(), USDC);
    const authorization = await sign(payer, { agentId: agentIdFor('slippage'), minA0xOut: quoted + 1n });
    await expectRevert(relay(agentIdFor('slippage'), authorization), 'BelowPayerMinimum', lifeAndTokenErrorsAbi);
  });

  it("refuses a submitter that strips or changes the payer's minimum, and pays as signed", async () => {
    const payer = await usdcOnlyPayer();
    const quoted = await quoteA0xOut(chain(), USDC);
    const minimum = quoted - 1n;
    const authorization = await sign(payer, { agentId: agentIdFor('guarded'), minA0xOut: minimum });
    for (const minA0xOut of [0n, minimum - 1n, minimum + 1n]) {
      await expectUsdcRefusal(
        relay(agentIdFor('guarded'), { ...authorization, minA0xOut }),
        'FiatTokenV2: invalid signature',
      );
    }
    expect(await tokenBalance(chain(), chain().deployment.usdc, payer.address)).toBe(5n * USDC);
    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('guarded'))).toBe(0n);

    const { timestamp, events } = await relay(agentIdFor('guarded'), authorization);
    expect(events[0]?.args).toMatchObject({ a0xBurned: quoted, newTimeToDeath: timestamp + 7n * DAY });
    expect(await tokenBalance(chain(), chain().deployment.usdc, payer.address)).toBe(4n * USDC);
  });

  it('refuses while paused', async () => {
    const { operator, publicClient, deployment } = chain();
    await confirm(
      publicClient,
      await operator.writeContract({ address: deployment.fartwinLife, abi: fartwinLifeAbi, functionName: 'pause' }),
    );
    const payer = await usdcOnlyPayer();
    const authorization = await sign(payer, { agentId: agentIdFor('paused') });
    await expectRevert(relay(agentIdFor('paused'), authorization), 'EnforcedPause', lifeAndTokenErrorsAbi);
  });
});

/** Circle's FiatToken v2.2 (USDC) as deployed on Base: what a signature made here must match there. */
const BASE_USDC = {
  address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  chainId: 8453,
  /** Its DOMAIN_SEPARATOR(), as the contract on Base answers it. */
  domainSeparator: '0x02fa7265e7c5d81118673727957699e4d68f74cd74b7db77da710fe8a2c7834f',
  /** FiatToken v2's EIP3009 type hashes, as published in its source. */
  typeHashes: {
    TransferWithAuthorization: '0x7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a2267',
    ReceiveWithAuthorization: '0xd099cc98ef71107a616c4f0f941f04c322d8e254fe26b3c6668db87aae413de8',
    CancelAuthorization: '0x158b0a9edf7a828aad02f63cd515c68ef2f50ba807396f6d12842833a1597429',
  },
} as const;

/** EIP-712's typeHash of a struct without nested types: keccak256 of `Name(type name,…)`. */
function typeHash(name: string, fields: readonly { name: string; type: string }[]): Hex {
  return keccak256(toHex(`${name}(${fields.map((field) => `${field.type} ${field.name}`).join(',')})`));
}

describe("the signed battery against Base's USDC", () => {
  it("signs the ReceiveWithAuthorization type and the domain of Base's USDC, as published", () => {
    const typed = batteryAuthorizationTypedData({
      chainId: BASE_USDC.chainId,
      usdc: BASE_USDC.address,
      fartwinLife: chain().deployment.fartwinLife,
      from: chain().bob.account.address,
      agentId: agentIdFor('base'),
      minA0xOut: 0n,
      salt: keccak256(toHex('base')),
      validAfter: 0n,
      validBefore: 1n,
    });
    expect(typeHash(typed.primaryType, typed.types.ReceiveWithAuthorization)).toBe(
      BASE_USDC.typeHashes.ReceiveWithAuthorization,
    );
    expect(domainSeparator({ domain: typed.domain })).toBe(BASE_USDC.domainSeparator);
  });

  it("LocalUSDC, which the local stack and these tests sign for, has FiatToken v2's type hashes", async () => {
    for (const [name, published] of Object.entries(BASE_USDC.typeHashes)) {
      const functionName = `${name.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}_TYPEHASH` as
        | 'TRANSFER_WITH_AUTHORIZATION_TYPEHASH'
        | 'RECEIVE_WITH_AUTHORIZATION_TYPEHASH'
        | 'CANCEL_AUTHORIZATION_TYPEHASH';
      const onChain = await chain().publicClient.readContract({
        address: chain().deployment.usdc,
        abi: localUsdcAbi,
        functionName,
      });
      expect(onChain, name).toBe(published);
    }
  });
});

describe('LocalUSDC EIP-3009', () => {
  it('lets only the payee submit a receiveWithAuthorization', async () => {
    const { deployment } = chain();
    const payer = await usdcOnlyPayer();
    const authorization = await sign(payer, { agentId: agentIdFor('payee') });
    const nonce = batteryAuthorizationNonce(agentIdFor('payee'), 0n, authorization.salt);
    await expectUsdcRefusal(
      chain().bob.writeContract({
        address: deployment.usdc,
        abi: localUsdcAbi,
        functionName: 'receiveWithAuthorization',
        args: [
          payer.address,
          deployment.fartwinLife,
          USDC,
          authorization.validAfter,
          authorization.validBefore,
          nonce,
          authorization.signature,
        ],
      }),
      'FiatTokenV2: caller must be the payee',
    );
  });

  it('moves a transferWithAuthorization submitted by anyone, once, and honours a cancellation', async () => {
    const { bob, mallory, deployment, publicClient } = chain();
    const payer = await usdcOnlyPayer();
    const domain = {
      name: 'USD Coin',
      version: '2',
      chainId: await publicClient.getChainId(),
      verifyingContract: deployment.usdc,
    } as const;
    const validBefore = (await chainNow()) + 600n;
    const nonce = keccak256(toHex('transfer'));
    const message = {
      from: payer.address,
      to: mallory.account.address,
      value: USDC,
      validAfter: 0n,
      validBefore,
      nonce,
    };
    const signature = await chain()
      .walletFor(payer)
      .signTypedData({
        account: payer,
        domain,
        primaryType: 'TransferWithAuthorization',
        // EIP-3009 gives both transfer types the same fields.
        types: { TransferWithAuthorization: receiveWithAuthorizationTypes.ReceiveWithAuthorization },
        message,
      });
    const transfer = {
      address: deployment.usdc,
      abi: localUsdcAbi,
      functionName: 'transferWithAuthorization',
      args: [payer.address, mallory.account.address, USDC, 0n, validBefore, nonce, signature],
    } as const;
    const malloryUsdc = await tokenBalance(chain(), deployment.usdc, mallory.account.address);
    const receipt = await confirm(publicClient, await bob.writeContract(transfer));
    const [used] = parseEventLogs({ abi: localUsdcAbi, logs: receipt.logs, eventName: 'AuthorizationUsed' });
    expect(used?.args).toEqual({ authorizer: payer.address, nonce });
    expect(await tokenBalance(chain(), deployment.usdc, mallory.account.address)).toBe(malloryUsdc + USDC);
    await expectUsdcRefusal(bob.writeContract(transfer), 'FiatTokenV2: authorization is used or canceled');

    // A cancelled authorization can no longer be used.
    const cancelled = await sign(payer, { agentId: agentIdFor('cancelled') });
    const cancelledNonce = batteryAuthorizationNonce(agentIdFor('cancelled'), 0n, cancelled.salt);
    const cancelSignature = await chain()
      .walletFor(payer)
      .signTypedData({
        account: payer,
        domain,
        primaryType: 'CancelAuthorization',
        types: {
          CancelAuthorization: [
            { name: 'authorizer', type: 'address' },
            { name: 'nonce', type: 'bytes32' },
          ],
        },
        message: { authorizer: payer.address, nonce: cancelledNonce },
      });
    const cancelReceipt = await confirm(
      publicClient,
      await bob.writeContract({
        address: deployment.usdc,
        abi: localUsdcAbi,
        functionName: 'cancelAuthorization',
        args: [payer.address, cancelledNonce, cancelSignature],
      }),
    );
    const [canceled] = parseEventLogs({
      abi: localUsdcAbi,
      logs: cancelReceipt.logs,
      eventName: 'AuthorizationCanceled',
    });
    expect(canceled?.args).toEqual({ authorizer: payer.address, nonce: cancelledNonce });
    await expectUsdcRefusal(
      relay(agentIdFor('cancelled'), cancelled),
      'FiatTokenV2: authorization is used or canceled',
    );
  });
});
