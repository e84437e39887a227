import { type Address, encodeFunctionData, parseEventLogs, parseUnits, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { a0xAbi, fartwinLifeAbi } from '../generated/abis.ts';
import { a0xBytecode, fartwinLifeBytecode } from '../generated/bytecode.ts';
import { createPoolWithLiquidity } from '../src/deployment.ts';
import { encodeV3Path } from '../src/index.ts';
import { confirm } from '../src/local/chain.ts';
import { expectRevert, useTestChain } from './support/chain.ts';
import {
  buyBattery,
  lifeAndTokenErrorsAbi,
  mintUsdc,
  quoteA0xOut,
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
    { functionName: 'setBurnAddress', args: [deployment.operator] },
    { functionName: 'setSwapPath', args: [encodeV3Path([deployment.usdc, deployment.a0x], [3000])] },
    { functionName: 'setMinA0xPerUsdc', args: [1n] },
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

describe('setBurnAddress', () => {
  it('redirects the bought A0X and emits BurnAddressUpdated', async () => {
    const { operator, alice, deployment } = chain();
    const newBurn: Address = '0x000000000000000000000000000000000000bEEF';
    const receipt = await send(
      chain(),
      operator.writeContract({ ...life(), functionName: 'setBurnAddress', args: [newBurn] }),
    );
    expect(
      parseEventLogs({ abi: fartwinLifeAbi, logs: receipt.logs, eventName: 'BurnAddressUpdated' })[0]?.args,
    ).toEqual({
      previousBurnAddress: deployment.burnAddress,
      newBurnAddress: newBurn,
    });
    const deadBefore = await tokenBalance(chain(), deployment.a0x, deployment.burnAddress);
    const { event } = await buyBattery(chain(), alice, 'agent', USDC);
    expect(await tokenBalance(chain(), deployment.a0x, newBurn)).toBe(event.args.a0xBurned);
    expect(await tokenBalance(chain(), deployment.a0x, deployment.burnAddress)).toBe(deadBefore);
  });

  it('rejects the zero address with ZeroBurnAddress', async () => {
    await expectRevert(
      chain().operator.writeContract({ ...life(), functionName: 'setBurnAddress', args: [zeroAddress] }),
      'ZeroBurnAddress',
    );
  });
});

describe('setMinA0xPerUsdc', () => {
  it('emits MinRateUpdated with the previous and new rate', async () => {
    const { operator, publicClient } = chain();
    const previous = await publicClient.readContract({ ...life(), functionName: 'minA0xPerUsdc' });
    const receipt = await send(
      chain(),
      operator.writeContract({ ...life(), functionName: 'setMinA0xPerUsdc', args: [123n] }),
    );
    expect(parseEventLogs({ abi: fartwinLifeAbi, logs: receipt.logs, eventName: 'MinRateUpdated' })[0]?.args).toEqual({
      previousMinA0xPerUsdc: previous,
      newMinA0xPerUsdc: 123n,
    });
    expect(await publicClient.readContract({ ...life(), functionName: 'minA0xPerUsdc' })).toBe(123n);
  });
});

describe('setSwapPath', () => {
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
    const receipt = await send(
      chain(),
      operator.writeContract({ ...life(), functionName: 'setSwapPath', args: [path] }),
    );
    expect(
      parseEventLogs({ abi: fartwinLifeAbi, logs: receipt.logs, eventName: 'SwapPathUpdated' })[0]?.args.path,
    ).toBe(path.toLowerCase());

    const quoted = await quoteA0xOut(chain(), USDC);
    const { event } = await buyBattery(chain(), alice, 'agent', USDC);
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
        operator.writeContract({ ...life(), functionName: 'setSwapPath', args: [path as `0x${string}`] }),
        'InvalidSwapPath',
      );
    }
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
