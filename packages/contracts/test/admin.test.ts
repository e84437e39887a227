import { type Address, encodeFunctionData, parseEventLogs, parseUnits, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { a0xAbi, fartwinLifeAbi } from '../generated/abis.ts';
import { a0xBytecode, fartwinLifeBytecode } from '../generated/bytecode.ts';
import { createPoolWithLiquidity, MIN_A0X_PER_USDC, POOL_FEE } from '../src/deployment.ts';
import { encodeV3Path } from '../src/index.ts';
import { confirm } from '../src/local/chain.ts';
import { expectRevert, useTestChain } from './support/chain.ts';
import {
  agentIdFor,
  buyBattery,
  CHANGE_DELAY,
  changeSetting,
  DAY,
  lifeAndTokenErrorsAbi,
  mintUsdc,
  passTime,
  proposeChange,
  quoteA0xOut,
  type SettingChange,
  send,
  tokenBalance,
  transferUsdc,
  USDC,
} from './support/life.ts';

const chain = useTestChain();
const life = () => ({ address: chain().deployment.fartwinLife, abi: fartwinLifeAbi }) as const;

/** Every owner-only call, with arguments that would succeed for the owner. */
function adminCalls() {
  const { deployment } = chain();
  return [
    { functionName: 'withdraw', args: [deployment.usdc, 1n] },
    { functionName: 'recoverTokens', args: [deployment.usdc] },
    { functionName: 'proposeBurnAddress', args: [deployment.operator] },
    { functionName: 'executeBurnAddress', args: [] },
    { functionName: 'cancelBurnAddress', args: [] },
    { functionName: 'proposeSwapPath', args: [encodeV3Path([deployment.usdc, deployment.a0x], [3000])] },
    { functionName: 'executeSwapPath', args: [] },
    { functionName: 'cancelSwapPath', args: [] },
    { functionName: 'proposeMinA0xPerUsdc', args: [1n] },
    { functionName: 'executeMinA0xPerUsdc', args: [] },
    { functionName: 'cancelMinA0xPerUsdc', args: [] },
    { functionName: 'pause', args: [] },
    { functionName: 'unpause', args: [] },
    { functionName: 'transferOwnership', args: [deployment.operator] },
    { functionName: 'renounceOwnership', args: [] },
  ] as const;
}

describe('owner-only functions', () => {
  it('reject every other account with OwnableUnauthorizedAccount', async () => {
    const { mallory, publicClient } = chain();
    for (const call of adminCalls()) {
      // Sent as raw calldata so one loop covers every function; the error is decoded from the ABI.
      const data = encodeFunctionData({ abi: fartwinLifeAbi, ...call } as Parameters<typeof encodeFunctionData>[0]);
      const args = await expectRevert(
        publicClient.call({ account: mallory.account, to: chain().deployment.fartwinLife, data }),
        'OwnableUnauthorizedAccount',
        fartwinLifeAbi,
      );
      expect(args, call.functionName).toEqual([mallory.account.address]);
    }
  });
});

describe('Ownable2Step', () => {
  it('moves ownership only when the new owner accepts', async () => {
    const { operator, alice, mallory, publicClient } = chain();
    const started = await send(
      chain(),
      operator.writeContract({ ...life(), functionName: 'transferOwnership', args: [alice.account.address] }),
    );
    expect(
      parseEventLogs({ abi: fartwinLifeAbi, logs: started.logs, eventName: 'OwnershipTransferStarted' })[0]?.args,
    ).toEqual({
      previousOwner: operator.account.address,
      newOwner: alice.account.address,
    });
    expect(await publicClient.readContract({ ...life(), functionName: 'owner' })).toBe(operator.account.address);
    expect(await publicClient.readContract({ ...life(), functionName: 'pendingOwner' })).toBe(alice.account.address);

    await expectRevert(
      mallory.writeContract({ ...life(), functionName: 'acceptOwnership' }),
      'OwnableUnauthorizedAccount',
    );
    // The pending owner has no powers yet.
    await expectRevert(alice.writeContract({ ...life(), functionName: 'pause' }), 'OwnableUnauthorizedAccount');

    const accepted = await send(chain(), alice.writeContract({ ...life(), functionName: 'acceptOwnership' }));
    expect(
      parseEventLogs({ abi: fartwinLifeAbi, logs: accepted.logs, eventName: 'OwnershipTransferred' })[0]?.args,
    ).toEqual({
      previousOwner: operator.account.address,
      newOwner: alice.account.address,
    });
    expect(await publicClient.readContract({ ...life(), functionName: 'owner' })).toBe(alice.account.address);
    expect(await publicClient.readContract({ ...life(), functionName: 'pendingOwner' })).toBe(zeroAddress);
    await expectRevert(operator.writeContract({ ...life(), functionName: 'pause' }), 'OwnableUnauthorizedAccount');
    await send(chain(), alice.writeContract({ ...life(), functionName: 'pause' }));
  });
});

describe('withdraw and recoverTokens', () => {
  async function strayTokens() {
    const { alice, deployment } = chain();
    // Someone sends USDC straight to the contract by mistake.
    await transferUsdc(chain(), alice, deployment.fartwinLife, 5n * USDC);
  }

  it('withdraw sends an amount to the owner and emits Withdrawn', async () => {
    const { operator, deployment } = chain();
    await strayTokens();
    const ownerBefore = await tokenBalance(chain(), deployment.usdc, operator.account.address);
    const receipt = await send(
      chain(),
      operator.writeContract({ ...life(), functionName: 'withdraw', args: [deployment.usdc, 2n * USDC] }),
    );
    expect(parseEventLogs({ abi: fartwinLifeAbi, logs: receipt.logs, eventName: 'Withdrawn' })[0]?.args).toEqual({
      token: deployment.usdc,
      to: operator.account.address,
      amount: 2n * USDC,
    });
    expect(await tokenBalance(chain(), deployment.usdc, operator.account.address)).toBe(ownerBefore + 2n * USDC);
    expect(await tokenBalance(chain(), deployment.usdc, deployment.fartwinLife)).toBe(3n * USDC);
  });

  it('withdraw rejects 0 with ZeroAmount and more than held with ERC20InsufficientBalance', async () => {
    const { operator, deployment } = chain();
    await strayTokens();
    await expectRevert(
      operator.writeContract({ ...life(), functionName: 'withdraw', args: [deployment.usdc, 0n] }),
      'ZeroAmount',
    );
    const args = await expectRevert(
      operator.writeContract({
        ...life(),
        abi: lifeAndTokenErrorsAbi,
        functionName: 'withdraw',
        args: [deployment.usdc, 6n * USDC],
      }),
      'ERC20InsufficientBalance',
    );
    expect(args).toEqual([deployment.fartwinLife, 5n * USDC, 6n * USDC]);
  });

  it('recoverTokens sends the whole balance to the owner and emits TokensRecovered', async () => {
    const { operator, deployment } = chain();
    await strayTokens();
    const ownerBefore = await tokenBalance(chain(), deployment.usdc, operator.account.address);
    const receipt = await send(
      chain(),
      operator.writeContract({ ...life(), functionName: 'recoverTokens', args: [deployment.usdc] }),
    );
    expect(parseEventLogs({ abi: fartwinLifeAbi, logs: receipt.logs, eventName: 'TokensRecovered' })[0]?.args).toEqual({
      token: deployment.usdc,
      to: operator.account.address,
      amount: 5n * USDC,
    });
    expect(await tokenBalance(chain(), deployment.usdc, operator.account.address)).toBe(ownerBefore + 5n * USDC);
    expect(await tokenBalance(chain(), deployment.usdc, deployment.fartwinLife)).toBe(0n);
    const args = await expectRevert(
      operator.writeContract({ ...life(), functionName: 'recoverTokens', args: [deployment.usdc] }),
      'NothingToRecover',
    );
    expect(args).toEqual([deployment.usdc]);
  });

  it('pay the owner after an ownership transfer, not the old owner', async () => {
    const { operator, alice, deployment } = chain();
    await strayTokens();
    await send(
      chain(),
      operator.writeContract({ ...life(), functionName: 'transferOwnership', args: [alice.account.address] }),
    );
    await send(chain(), alice.writeContract({ ...life(), functionName: 'acceptOwnership' }));
    const before = await tokenBalance(chain(), deployment.usdc, alice.account.address);
    await send(chain(), alice.writeContract({ ...life(), functionName: 'recoverTokens', args: [deployment.usdc] }));
    expect(await tokenBalance(chain(), deployment.usdc, alice.account.address)).toBe(before + 5n * USDC);
  });
});

/** The three settings that change only after an announced delay: a new value, its events and views. */
function delayedSettings() {
  const { deployment } = chain();
  const newBurn: Address = '0x000000000000000000000000000000000000bEEF';
  const newPath = encodeV3Path([deployment.usdc, deployment.a0x], [10000]);
  return [
    {
      change: { setting: 'BurnAddress', value: newBurn } satisfies SettingChange,
      proposed: 'BurnAddressChangeProposed',
      proposedArgs: (effectiveAt: bigint) => ({ newBurnAddress: newBurn, effectiveAt }),
      cancelled: { eventName: 'BurnAddressChangeCancelled', args: { newBurnAddress: newBurn } },
      updated: {
        eventName: 'BurnAddressUpdated',
        args: { previousBurnAddress: deployment.burnAddress, newBurnAddress: newBurn },
      },
      pending: 'pendingBurnAddress',
      pendingNone: [zeroAddress, 0n],
      current: 'burnAddress',
      before: deployment.burnAddress as unknown,
      after: newBurn as unknown,
    },
    {
      change: { setting: 'SwapPath', value: newPath } satisfies SettingChange,
      proposed: 'SwapPathChangeProposed',
      proposedArgs: (effectiveAt: bigint) => ({ path: newPath, effectiveAt }),
      cancelled: { eventName: 'SwapPathChangeCancelled', args: { path: newPath } },
      updated: { eventName: 'SwapPathUpdated', args: { path: newPath } },
      pending: 'pendingSwapPath',
      pendingNone: ['0x', 0n],
      current: 'swapPath',
      before: encodeV3Path([deployment.usdc, deployment.a0x], [POOL_FEE]).toLowerCase() as unknown,
      after: newPath as unknown,
    },
    {
      change: { setting: 'MinA0xPerUsdc', value: 123n } satisfies SettingChange,
      proposed: 'MinRateChangeProposed',
      proposedArgs: (effectiveAt: bigint) => ({ newMinA0xPerUsdc: 123n, effectiveAt }),
      cancelled: { eventName: 'MinRateChangeCancelled', args: { newMinA0xPerUsdc: 123n } },
      updated: {
        eventName: 'MinRateUpdated',
        args: { previousMinA0xPerUsdc: MIN_A0X_PER_USDC, newMinA0xPerUsdc: 123n },
      },
      pending: 'pendingMinA0xPerUsdc',
      pendingNone: [0n, 0n],
      current: 'minA0xPerUsdc',
      before: MIN_A0X_PER_USDC as unknown,
      after: 123n as unknown,
    },
  ] as const;
}

const SETTINGS = ['BurnAddress', 'SwapPath', 'MinA0xPerUsdc'] as const;
const settingCase = (setting: (typeof SETTINGS)[number]) =>
  delayedSettings().find((c) => c.change.setting === setting)!;

/** A view of FartwinLife without arguments, decoded through the ABI. */
function readView(functionName: string): Promise<unknown> {
  return chain().publicClient.readContract({ ...life(), functionName } as Parameters<
    ReturnType<typeof chain>['publicClient']['readContract']
  >[0]);
}

/** Sends an owner call without arguments (execute…/cancel…). */
function ownerCall(functionName: string) {
  return chain().operator.writeContract({ ...life(), functionName } as Parameters<
    ReturnType<typeof chain>['operator']['writeContract']
  >[0]);
}

const normalise = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(normalise) : typeof value === 'string' ? value.toLowerCase() : value;

describe('delayed changes of the burn address, the swap path and the floor', () => {
  it.each(SETTINGS)('%s: announced with its effective time, refused before it, applied after it', async (setting) => {
    const c = settingCase(setting);
    const proposal = await proposeChange(chain(), c.change);
    const { timestamp } = await chain().publicClient.getBlock({ blockNumber: proposal.blockNumber });
    const effectiveAt = timestamp + CHANGE_DELAY;
    const [proposed] = parseEventLogs({ abi: fartwinLifeAbi, logs: proposal.logs, eventName: c.proposed });
    expect(normalise(Object.values(proposed!.args))).toEqual(normalise(Object.values(c.proposedArgs(effectiveAt))));
    expect(normalise(await readView(c.pending))).toEqual(normalise([c.change.value, effectiveAt]));
    // Announced only: the setting in force has not moved.
    expect(normalise(await readView(c.current))).toEqual(normalise(c.before));

    const early = await expectRevert(ownerCall(`execute${setting}`), 'ChangeNotYetEffective');
    expect(early[0]).toBe(effectiveAt);
    await chain().testClient.setNextBlockTimestamp({ timestamp: effectiveAt - 60n });
    await chain().testClient.mine({ blocks: 1 });
    await expectRevert(ownerCall(`execute${setting}`), 'ChangeNotYetEffective');

    await passTime(chain(), 60n);
    const executed = await send(chain(), ownerCall(`execute${setting}`));
    const [updated] = parseEventLogs({ abi: fartwinLifeAbi, logs: executed.logs, eventName: c.updated.eventName });
    expect(normalise(updated!.args)).toEqual(normalise(c.updated.args));
    expect(normalise(await readView(c.current))).toEqual(normalise(c.after));
    expect(normalise(await readView(c.pending))).toEqual(normalise(c.pendingNone));
    // Executed once: nothing is left to execute.
    await expectRevert(ownerCall(`execute${setting}`), 'NoPendingChange');
  });

  it.each(SETTINGS)('%s: a cancelled change is announced, cleared, and can no longer be executed', async (setting) => {
    const c = settingCase(setting);
    await expectRevert(ownerCall(`cancel${setting}`), 'NoPendingChange');
    await proposeChange(chain(), c.change);
    const cancelled = await send(chain(), ownerCall(`cancel${setting}`));
    const [event] = parseEventLogs({ abi: fartwinLifeAbi, logs: cancelled.logs, eventName: c.cancelled.eventName });
    expect(normalise(event!.args)).toEqual(normalise(c.cancelled.args));
    expect(normalise(await readView(c.pending))).toEqual(normalise(c.pendingNone));
    await passTime(chain(), CHANGE_DELAY);
    await expectRevert(ownerCall(`execute${setting}`), 'NoPendingChange');
    expect(normalise(await readView(c.current))).toEqual(normalise(c.before));
  });

  it('a second proposal replaces the first and restarts the delay', async () => {
    await proposeChange(chain(), { setting: 'MinA0xPerUsdc', value: 1n });
    await passTime(chain(), DAY);
    const second = await proposeChange(chain(), { setting: 'MinA0xPerUsdc', value: 2n });
    const { timestamp } = await chain().publicClient.getBlock({ blockNumber: second.blockNumber });
    expect(await readView('pendingMinA0xPerUsdc')).toEqual([2n, timestamp + CHANGE_DELAY]);
    // The first proposal's time has come, the second's has not.
    await passTime(chain(), DAY + 60n);
    await expectRevert(ownerCall('executeMinA0xPerUsdc'), 'ChangeNotYetEffective');
    await passTime(chain(), DAY);
    await send(chain(), ownerCall('executeMinA0xPerUsdc'));
    expect(await readView('minA0xPerUsdc')).toBe(2n);
  });
});

describe('burn address', () => {
  it('a new burn address receives the bought A0X once its change is executed', async () => {
    const { alice, deployment } = chain();
    const newBurn: Address = '0x000000000000000000000000000000000000bEEF';
    await changeSetting(chain(), { setting: 'BurnAddress', value: newBurn });
    const deadBefore = await tokenBalance(chain(), deployment.a0x, deployment.burnAddress);
    const { event } = await buyBattery(chain(), alice, agentIdFor('agent'), USDC);
    expect(await tokenBalance(chain(), deployment.a0x, newBurn)).toBe(event.args.a0xBurned);
    expect(await tokenBalance(chain(), deployment.a0x, deployment.burnAddress)).toBe(deadBefore);
  });

  it('rejects the zero address with ZeroBurnAddress when proposed', async () => {
    await expectRevert(
      chain().operator.writeContract({ ...life(), functionName: 'proposeBurnAddress', args: [zeroAddress] }),
      'ZeroBurnAddress',
    );
  });
});

describe('slippage floor', () => {
  it('rejects a floor that does not fit its 96 bits when proposed', async () => {
    const args = await expectRevert(
      chain().operator.writeContract({ ...life(), functionName: 'proposeMinA0xPerUsdc', args: [2n ** 96n] }),
      'SafeCastOverflowedUintDowncast',
    );
    expect(args).toEqual([96, 2n ** 96n]);
  });
});

describe('swap path', () => {
  it('accepts a multi-hop path through another token and swaps along it', async () => {
    const { operator, alice, publicClient, deployment } = chain();
    // A second token with pools USDC/HOP and HOP/A0X, so USDC → HOP → A0X is a real route.
    const hopHash = await operator.deployContract({
      abi: a0xAbi,
      bytecode: a0xBytecode,
      args: [operator.account.address, parseUnits('1000000000', 18)],
    });
    const hop = (await confirm(publicClient, hopHash)).contractAddress as Address;
    await mintUsdc(chain(), operator.account.address, 100_000n * USDC);
    const seed = { positionManager: deployment.positionManager, factory: deployment.uniswapV3Factory } as const;
    await createPoolWithLiquidity(publicClient, operator, {
      ...seed,
      fee: 500,
      tokenA: { token: deployment.usdc, amount: 100_000n * USDC },
      tokenB: { token: hop, amount: parseUnits('100000', 18) },
    });
    await createPoolWithLiquidity(publicClient, operator, {
      ...seed,
      fee: 10000,
      tokenA: { token: hop, amount: parseUnits('100000', 18) },
      tokenB: { token: deployment.a0x, amount: parseUnits('100000000', 18) },
    });

    const path = encodeV3Path([deployment.usdc, hop, deployment.a0x], [500, 10000]);
    const receipt = await changeSetting(chain(), { setting: 'SwapPath', value: path });
    expect(
      parseEventLogs({ abi: fartwinLifeAbi, logs: receipt.logs, eventName: 'SwapPathUpdated' })[0]?.args.path,
    ).toBe(path.toLowerCase());
    expect(await readView('swapPath')).toBe(path.toLowerCase());

    const quoted = await quoteA0xOut(chain(), USDC);
    const { event } = await buyBattery(chain(), alice, agentIdFor('agent'), USDC);
    expect(event.args.a0xBurned).toBe(quoted);
  });

  it('rejects malformed paths and paths that do not run from USDC to A0X with InvalidSwapPath', async () => {
    const { operator, deployment } = chain();
    const { usdc, a0x, weth9 } = deployment;
    const valid = encodeV3Path([usdc, a0x], [3000]);
    const invalid = [
      '0x',
      usdc,
      encodeV3Path([a0x, usdc], [3000]),
      encodeV3Path([usdc, weth9], [3000]),
      encodeV3Path([weth9, a0x], [3000]),
      `${valid}00`,
      valid.slice(0, -2),
    ] as const;
    for (const path of invalid) {
      await expectRevert(
        operator.writeContract({ ...life(), functionName: 'proposeSwapPath', args: [path as `0x${string}`] }),
        'InvalidSwapPath',
      );
    }
  });
});

describe('renounceOwnership', () => {
  it('is refused, even to the owner, and the owner keeps its powers', async () => {
    const { operator, publicClient } = chain();
    const renounce = () =>
      operator.sendTransaction({
        to: chain().deployment.fartwinLife,
        data: encodeFunctionData({ abi: fartwinLifeAbi, functionName: 'renounceOwnership' }),
      });
    await expectRevert(renounce(), 'RenounceOwnershipDisabled', fartwinLifeAbi);
    // Also while paused: the case it exists for.
    await send(chain(), operator.writeContract({ ...life(), functionName: 'pause' }));
    await expectRevert(renounce(), 'RenounceOwnershipDisabled', fartwinLifeAbi);
    expect(await publicClient.readContract({ ...life(), functionName: 'owner' })).toBe(operator.account.address);
    await send(chain(), operator.writeContract({ ...life(), functionName: 'unpause' }));
  });
});
describe('constructor checks', () => {
  async function deployLife(
    overrides: Partial<Record<'usdc' | 'a0x' | 'router' | 'burn', Address>> & { path?: `0x${string}` },
  ) {
    const { operator, deployment } = chain();
    return operator.deployContract({
      abi: fartwinLifeAbi,
      bytecode: fartwinLifeBytecode,
      args: [
        overrides.usdc ?? deployment.usdc,
        overrides.a0x ?? deployment.a0x,
        overrides.router ?? deployment.swapRouter,
        overrides.burn ?? deployment.burnAddress,
        overrides.path ?? encodeV3Path([deployment.usdc, deployment.a0x], [3000]),
        0n,
        operator.account.address,
      ],
    });
  }

  it('rejects zero token or router addresses, a zero burn address and a bad path', async () => {
    await expectRevert(deployLife({ usdc: zeroAddress }), 'ZeroAddress', fartwinLifeAbi);
    await expectRevert(deployLife({ a0x: zeroAddress }), 'ZeroAddress', fartwinLifeAbi);
    await expectRevert(deployLife({ router: zeroAddress }), 'ZeroAddress', fartwinLifeAbi);
    await expectRevert(deployLife({ burn: zeroAddress }), 'ZeroBurnAddress', fartwinLifeAbi);
    await expectRevert(deployLife({ path: '0x1234' }), 'InvalidSwapPath', fartwinLifeAbi);
    const hash = await deployLife({});
    expect((await confirm(chain().publicClient, hash)).contractAddress).toBeTruthy();
  });
});
