import { parseEventLogs, parseUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { fartwinLifeAbi } from '../generated/abis.ts';
import { MIN_A0X_PER_USDC, POOL_FEE } from '../src/deployment.ts';
import { encodeV3Path } from '../src/index.ts';
import { expectRevert, useTestChain } from './support/chain.ts';
import {
  approveUsdc,
  buyBattery,
  DAY,
  extendLife,
  isAlive,
  lifeAndTokenErrorsAbi,
  quoteA0xOut,
  readLife,
  send,
  tokenBalance,
  USDC,
} from './support/life.ts';

const chain = useTestChain();

describe('FartwinLife configuration', () => {
  it('is deployed with the local stack and configured to swap USDC → A0X into the dead address', async () => {
    const { publicClient, deployment } = chain();
    const read = <const name extends 'usdc' | 'a0x' | 'swapRouter' | 'burnAddress' | 'owner' | 'pendingOwner'>(
      functionName: name,
    ) => publicClient.readContract({ address: deployment.fartwinLife, abi: fartwinLifeAbi, functionName });
    expect(await read('usdc')).toBe(deployment.usdc);
    expect(await read('a0x')).toBe(deployment.a0x);
    expect(await read('swapRouter')).toBe(deployment.swapRouter);
    expect(await read('burnAddress')).toBe('0x000000000000000000000000000000000000dEaD');
    expect(await read('owner')).toBe(deployment.operator);
    expect(await read('pendingOwner')).toBe('0x0000000000000000000000000000000000000000');
    const life = { address: deployment.fartwinLife, abi: fartwinLifeAbi } as const;
    expect(await publicClient.readContract({ ...life, functionName: 'swapPath' })).toBe(
      encodeV3Path([deployment.usdc, deployment.a0x], [POOL_FEE]).toLowerCase(),
    );
    expect(await publicClient.readContract({ ...life, functionName: 'minA0xPerUsdc' })).toBe(MIN_A0X_PER_USDC);
    expect(await publicClient.readContract({ ...life, functionName: 'MIN_USDC_AMOUNT' })).toBe(USDC);
    expect(await publicClient.readContract({ ...life, functionName: 'LIFE_PER_USDC' })).toBe(7n * DAY);
    expect(await publicClient.readContract({ ...life, functionName: 'paused' })).toBe(false);
  });

  it('announced its initial configuration in events at deployment', async () => {
    const { publicClient, deployment } = chain();
    const logs = await publicClient.getContractEvents({
      address: deployment.fartwinLife,
      abi: fartwinLifeAbi,
      fromBlock: BigInt(deployment.deployedAtBlock),
    });
    const byName = Object.fromEntries(logs.map((log) => [log.eventName, log.args]));
    expect(byName.BurnAddressUpdated).toEqual({
      previousBurnAddress: '0x0000000000000000000000000000000000000000',
      newBurnAddress: deployment.burnAddress,
    });
    expect(byName.SwapPathUpdated).toEqual({
      path: encodeV3Path([deployment.usdc, deployment.a0x], [POOL_FEE]).toLowerCase(),
    });
    expect(byName.MinRateUpdated).toEqual({ previousMinA0xPerUsdc: 0n, newMinA0xPerUsdc: MIN_A0X_PER_USDC });
    expect(byName.OwnershipTransferred).toMatchObject({ newOwner: deployment.operator });
  });
});

describe('life views', () => {
  it('reports an agent never fed as dead with no expiry', async () => {
    expect(await readLife(chain(), 'agentTimeToDeath', 'nobody')).toBe(0n);
    expect(await readLife(chain(), 'getExpirationTime', 'nobody')).toBe(0n);
    expect(await readLife(chain(), 'getRemainingLife', 'nobody')).toBe(0n);
    expect(await readLife(chain(), 'getRemainingDays', 'nobody')).toBe(0n);
    expect(await isAlive(chain(), 'nobody')).toBe(false);
  });
});

describe('extendLife', () => {
  it('turns 1 USDC into 7 days of life, burns the A0X bought and emits LifeExtended', async () => {
    const { alice, deployment } = chain();
    const usdcBefore = await tokenBalance(chain(), deployment.usdc, alice.account.address);
    const burnedBefore = await tokenBalance(chain(), deployment.a0x, deployment.burnAddress);
    const quoted = await quoteA0xOut(chain(), USDC);

    const { event, timestamp } = await buyBattery(chain(), alice, 'agent-1', USDC);

    const expiry = timestamp + 7n * DAY;
    expect(event.args).toEqual({ agentId: 'agent-1', usdcAmount: USDC, a0xBurned: quoted, newTimeToDeath: expiry });
    // About 1000 A0X per USDC, less the 0.3 % pool fee.
    expect(quoted).toBeGreaterThan(parseUnits('996', 18));
    expect(quoted).toBeLessThan(parseUnits('997', 18));
    expect(await readLife(chain(), 'agentTimeToDeath', 'agent-1')).toBe(expiry);
    expect(await readLife(chain(), 'getExpirationTime', 'agent-1')).toBe(expiry);
    expect(await readLife(chain(), 'getRemainingLife', 'agent-1')).toBe(7n * DAY);
    expect(await readLife(chain(), 'getRemainingDays', 'agent-1')).toBe(7n);
    expect(await isAlive(chain(), 'agent-1')).toBe(true);
    expect(await tokenBalance(chain(), deployment.usdc, alice.account.address)).toBe(usdcBefore - USDC);
    expect(await tokenBalance(chain(), deployment.a0x, deployment.burnAddress)).toBe(burnedBefore + quoted);
    // Nothing stays in the contract.
    expect(await tokenBalance(chain(), deployment.usdc, deployment.fartwinLife)).toBe(0n);
    expect(await tokenBalance(chain(), deployment.a0x, deployment.fartwinLife)).toBe(0n);
  });

  it('returns the A0X burned', async () => {
    const { alice, publicClient, deployment } = chain();
    await approveUsdc(chain(), alice, USDC);
    const { result } = await publicClient.simulateContract({
      account: alice.account,
      address: deployment.fartwinLife,
      abi: fartwinLifeAbi,
      functionName: 'extendLife',
      args: ['agent-1', USDC],
    });
    expect(result).toBe(await quoteA0xOut(chain(), USDC));
  });

  it('stacks batteries bought in a row onto the current expiry', async () => {
    const { alice } = chain();
    const first = await buyBattery(chain(), alice, 'stacked', USDC);
    for (let battery = 2n; battery <= 6n; battery++) {
      const { event } = await buyBattery(chain(), alice, 'stacked', USDC);
      expect(event.args.newTimeToDeath).toBe(first.timestamp + battery * 7n * DAY);
    }
    expect(await readLife(chain(), 'agentTimeToDeath', 'stacked')).toBe(first.timestamp + 42n * DAY);
    expect(await readLife(chain(), 'getRemainingDays', 'stacked')).toBeGreaterThanOrEqual(41n);
  });

  it('gives life in proportion to the USDC paid, to the second', async () => {
    const { alice } = chain();
    const { event, timestamp } = await buyBattery(chain(), alice, 'proportional', 2_500_000n);
    expect(event.args.newTimeToDeath).toBe(timestamp + (35n * DAY) / 2n);
    const odd = await buyBattery(chain(), alice, 'odd', 1_000_001n);
    // 1.000001 USDC buys 7 days plus 0.6048 s, rounded down.
    expect(odd.event.args.newTimeToDeath).toBe(odd.timestamp + 7n * DAY);
  });

  it("lets anyone pay for someone else's agent", async () => {
    const { alice, bob, deployment } = chain();
    await buyBattery(chain(), alice, 'alice-twin', USDC);
    const aliceUsdc = await tokenBalance(chain(), deployment.usdc, alice.account.address);
    const bobUsdc = await tokenBalance(chain(), deployment.usdc, bob.account.address);
    const before = await readLife(chain(), 'agentTimeToDeath', 'alice-twin');

    await buyBattery(chain(), bob, 'alice-twin', USDC);

    expect(await readLife(chain(), 'agentTimeToDeath', 'alice-twin')).toBe(before + 7n * DAY);
    expect(await tokenBalance(chain(), deployment.usdc, bob.account.address)).toBe(bobUsdc - USDC);
    expect(await tokenBalance(chain(), deployment.usdc, alice.account.address)).toBe(aliceUsdc);
  });

  it('keeps agents apart', async () => {
    await buyBattery(chain(), chain().alice, 'twin-a', USDC);
    expect(await readLife(chain(), 'agentTimeToDeath', 'twin-b')).toBe(0n);
    expect(await readLife(chain(), 'agentTimeToDeath', 'twin-a ')).toBe(0n);
  });
});

describe('death and revival across time', () => {
  it('dies when its time runs out and revives from now, not from the old expiry', async () => {
    const { alice, testClient } = chain();
    const { event } = await buyBattery(chain(), alice, 'mortal', USDC);
    const expiry = event.args.newTimeToDeath;

    await testClient.increaseTime({ seconds: Number(6n * DAY) });
    await testClient.mine({ blocks: 1 });
    expect(await isAlive(chain(), 'mortal')).toBe(true);
    expect(await readLife(chain(), 'getRemainingDays', 'mortal')).toBeLessThanOrEqual(1n);

    // One second short of the last full day: whole days round down to 0 while it still lives.
    await testClient.setNextBlockTimestamp({ timestamp: expiry - DAY + 1n });
    await testClient.mine({ blocks: 1 });
    expect(await readLife(chain(), 'getRemainingLife', 'mortal')).toBe(DAY - 1n);
    expect(await readLife(chain(), 'getRemainingDays', 'mortal')).toBe(0n);
    expect(await isAlive(chain(), 'mortal')).toBe(true);

    await testClient.setNextBlockTimestamp({ timestamp: expiry });
    await testClient.mine({ blocks: 1 });
    // Dead at the expiry second itself.
    expect(await isAlive(chain(), 'mortal')).toBe(false);
    expect(await readLife(chain(), 'getRemainingLife', 'mortal')).toBe(0n);

    await testClient.increaseTime({ seconds: Number(30n * DAY) });
    await testClient.mine({ blocks: 1 });
    expect(await isAlive(chain(), 'mortal')).toBe(false);
    expect(await readLife(chain(), 'getRemainingLife', 'mortal')).toBe(0n);
    expect(await readLife(chain(), 'getRemainingDays', 'mortal')).toBe(0n);
    expect(await readLife(chain(), 'agentTimeToDeath', 'mortal')).toBe(expiry);

    const revival = await buyBattery(chain(), alice, 'mortal', USDC);
    expect(revival.event.args.newTimeToDeath).toBe(revival.timestamp + 7n * DAY);
    expect(revival.event.args.newTimeToDeath).toBeGreaterThan(expiry + 7n * DAY);
    expect(await isAlive(chain(), 'mortal')).toBe(true);
    expect(await readLife(chain(), 'getRemainingDays', 'mortal')).toBe(7n);
  });
});

describe('extendLife rejections', () => {
  const life = () => ({ address: chain().deployment.fartwinLife, abi: fartwinLifeAbi }) as const;

  it('rejects less than 1 USDC with AmountBelowMinimum', async () => {
    const { alice } = chain();
    await approveUsdc(chain(), alice, USDC);
    const args = await expectRevert(
      alice.writeContract({ ...life(), functionName: 'extendLife', args: ['agent', USDC - 1n] }),
      'AmountBelowMinimum',
    );
    expect(args).toEqual([USDC - 1n, USDC]);
    await expectRevert(
      alice.writeContract({ ...life(), functionName: 'extendLife', args: ['agent', 0n] }),
      'AmountBelowMinimum',
    );
  });

  it('rejects an empty agent id with EmptyAgentId', async () => {
    const { alice } = chain();
    await approveUsdc(chain(), alice, USDC);
    await expectRevert(
      alice.writeContract({ ...life(), functionName: 'extendLife', args: ['', USDC] }),
      'EmptyAgentId',
    );
  });

  it('rejects a payer who has not approved the USDC (ERC20InsufficientAllowance from USDC)', async () => {
    const { alice } = chain();
    const args = await expectRevert(
      alice.writeContract({ ...life(), abi: lifeAndTokenErrorsAbi, functionName: 'extendLife', args: ['agent', USDC] }),
      'ERC20InsufficientAllowance',
    );
    expect(args).toEqual([chain().deployment.fartwinLife, 0n, USDC]);
  });

  it('rejects a payer without the USDC (ERC20InsufficientBalance from USDC)', async () => {
    const { alice, deployment } = chain();
    const balance = await tokenBalance(chain(), deployment.usdc, alice.account.address);
    await approveUsdc(chain(), alice, balance + USDC);
    await expectRevert(
      alice.writeContract({
        ...life(),
        abi: lifeAndTokenErrorsAbi,
        functionName: 'extendLife',
        args: ['agent', balance + USDC],
      }),
      'ERC20InsufficientBalance',
    );
  });

  it('leaves life untouched when a payment fails', async () => {
    const { alice } = chain();
    await expectRevert(
      alice.writeContract({ ...life(), abi: lifeAndTokenErrorsAbi, functionName: 'extendLife', args: ['agent', USDC] }),
      'ERC20InsufficientAllowance',
    );
    expect(await readLife(chain(), 'agentTimeToDeath', 'agent')).toBe(0n);
  });
});

describe('slippage floor', () => {
  const life = () => ({ address: chain().deployment.fartwinLife, abi: fartwinLifeAbi }) as const;

  it('passes at exactly the floor and reverts with InsufficientA0xOut one unit above it', async () => {
    const { alice, operator } = chain();
    const quoted = await quoteA0xOut(chain(), 3n * USDC);
    // The floor is per whole USDC: 3 USDC must buy at least 3 × rate / 1.
    const exactRate = quoted / 3n;
    await send(chain(), operator.writeContract({ ...life(), functionName: 'setMinA0xPerUsdc', args: [exactRate] }));
    await approveUsdc(chain(), alice, 3n * USDC);
    const snapshot = await chain().testClient.snapshot();
    await extendLife(chain(), alice, 'agent', 3n * USDC);
    await chain().testClient.revert({ id: snapshot });

    const tooHighRate = exactRate + 1n;
    await send(chain(), operator.writeContract({ ...life(), functionName: 'setMinA0xPerUsdc', args: [tooHighRate] }));
    const args = await expectRevert(
      alice.writeContract({ ...life(), functionName: 'extendLife', args: ['agent', 3n * USDC] }),
      'InsufficientA0xOut',
    );
    expect(args).toEqual([quoted, 3n * tooHighRate]);
    expect(await readLife(chain(), 'agentTimeToDeath', 'agent')).toBe(0n);
  });

  it('protects against a pool that was pushed off price', async () => {
    const { alice, operator } = chain();
    await send(
      chain(),
      operator.writeContract({ ...life(), functionName: 'setMinA0xPerUsdc', args: [parseUnits('2000', 18)] }),
    );
    await approveUsdc(chain(), alice, USDC);
    await expectRevert(
      alice.writeContract({ ...life(), functionName: 'extendLife', args: ['agent', USDC] }),
      'InsufficientA0xOut',
    );
  });

  it('is disabled by a rate of 0', async () => {
    const { alice, operator } = chain();
    await send(chain(), operator.writeContract({ ...life(), functionName: 'setMinA0xPerUsdc', args: [0n] }));
    const { event } = await buyBattery(chain(), alice, 'agent', USDC);
    expect(event.args.a0xBurned).toBeGreaterThan(0n);
  });
});

describe('pause', () => {
  const life = () => ({ address: chain().deployment.fartwinLife, abi: fartwinLifeAbi }) as const;

  it('stops payments with EnforcedPause until unpaused', async () => {
    const { alice, operator, publicClient } = chain();
    const paused = await send(chain(), operator.writeContract({ ...life(), functionName: 'pause' }));
    expect(parseEventLogs({ abi: fartwinLifeAbi, logs: paused.logs, eventName: 'Paused' })[0]?.args).toEqual({
      account: operator.account.address,
    });
    expect(await publicClient.readContract({ ...life(), functionName: 'paused' })).toBe(true);
    await approveUsdc(chain(), alice, USDC);
    await expectRevert(
      alice.writeContract({ ...life(), functionName: 'extendLife', args: ['agent', USDC] }),
      'EnforcedPause',
    );
    await expectRevert(operator.writeContract({ ...life(), functionName: 'pause' }), 'EnforcedPause');
    // Reads keep working while paused.
    expect(await isAlive(chain(), 'agent')).toBe(false);

    const unpaused = await send(chain(), operator.writeContract({ ...life(), functionName: 'unpause' }));
    expect(parseEventLogs({ abi: fartwinLifeAbi, logs: unpaused.logs, eventName: 'Unpaused' })).toHaveLength(1);
    await expectRevert(operator.writeContract({ ...life(), functionName: 'unpause' }), 'ExpectedPause');
    await extendLife(chain(), alice, 'agent', USDC);
    expect(await isAlive(chain(), 'agent')).toBe(true);
  });
});
