import { getAbiItem, keccak256, pad, parseEventLogs, parseUnits, toBytes, toEventSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { fartwinLifeAbi } from '../generated/abis.ts';
import { MIN_A0X_PER_USDC, POOL_FEE, revertSnapshot } from '../src/deployment.ts';
import { encodeV3Path } from '../src/index.ts';
import { expectRevert, useTestChain } from './support/chain.ts';
import {
  agentIdFor,
  approveUsdc,
  buyBattery,
  changeSetting,
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
    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('nobody'))).toBe(0n);
    expect(await readLife(chain(), 'getExpirationTime', agentIdFor('nobody'))).toBe(0n);
    expect(await readLife(chain(), 'getRemainingLife', agentIdFor('nobody'))).toBe(0n);
    expect(await readLife(chain(), 'getRemainingDays', agentIdFor('nobody'))).toBe(0n);
    expect(await isAlive(chain(), agentIdFor('nobody'))).toBe(false);
  });
});

describe('extendLife', () => {
  it('turns 1 USDC into 7 days of life, burns the A0X bought and emits LifeExtended', async () => {
    const { alice, deployment } = chain();
    const usdcBefore = await tokenBalance(chain(), deployment.usdc, alice.account.address);
    const burnedBefore = await tokenBalance(chain(), deployment.a0x, deployment.burnAddress);
    const quoted = await quoteA0xOut(chain(), USDC);

    const { event, timestamp } = await buyBattery(chain(), alice, agentIdFor('agent-1'), USDC);

    const expiry = timestamp + 7n * DAY;
    expect(event.args).toEqual({
      agentId: agentIdFor('agent-1'),
      usdcAmount: USDC,
      a0xBurned: quoted,
      newTimeToDeath: expiry,
    });
    // About 1000 A0X per USDC, less the 0.3 % pool fee.
    expect(quoted).toBeGreaterThan(parseUnits('996', 18));
    expect(quoted).toBeLessThan(parseUnits('997', 18));
    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('agent-1'))).toBe(expiry);
    expect(await readLife(chain(), 'getExpirationTime', agentIdFor('agent-1'))).toBe(expiry);
    expect(await readLife(chain(), 'getRemainingLife', agentIdFor('agent-1'))).toBe(7n * DAY);
    expect(await readLife(chain(), 'getRemainingDays', agentIdFor('agent-1'))).toBe(7n);
    expect(await isAlive(chain(), agentIdFor('agent-1'))).toBe(true);
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
      args: [agentIdFor('agent-1'), USDC],
    });
    expect(result).toBe(await quoteA0xOut(chain(), USDC));
  });

  it('stacks batteries bought in a row onto the current expiry', async () => {
    const { alice } = chain();
    const first = await buyBattery(chain(), alice, agentIdFor('stacked'), USDC);
    for (let battery = 2n; battery <= 6n; battery++) {
      const { event } = await buyBattery(chain(), alice, agentIdFor('stacked'), USDC);
      expect(event.args.newTimeToDeath).toBe(first.timestamp + battery * 7n * DAY);
    }
    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('stacked'))).toBe(first.timestamp + 42n * DAY);
    expect(await readLife(chain(), 'getRemainingDays', agentIdFor('stacked'))).toBeGreaterThanOrEqual(41n);
  });

  it('gives life in proportion to the USDC paid, to the second', async () => {
    const { alice } = chain();
    const { event, timestamp } = await buyBattery(chain(), alice, agentIdFor('proportional'), 2_500_000n);
    expect(event.args.newTimeToDeath).toBe(timestamp + (35n * DAY) / 2n);
    const odd = await buyBattery(chain(), alice, agentIdFor('odd'), 1_000_001n);
    // 1.000001 USDC buys 7 days plus 0.6048 s, rounded down.
    expect(odd.event.args.newTimeToDeath).toBe(odd.timestamp + 7n * DAY);
  });

  it("lets anyone pay for someone else's agent", async () => {
    const { alice, bob, deployment } = chain();
    await buyBattery(chain(), alice, agentIdFor('alice-twin'), USDC);
    const aliceUsdc = await tokenBalance(chain(), deployment.usdc, alice.account.address);
    const bobUsdc = await tokenBalance(chain(), deployment.usdc, bob.account.address);
    const before = await readLife(chain(), 'agentTimeToDeath', agentIdFor('alice-twin'));

    await buyBattery(chain(), bob, agentIdFor('alice-twin'), USDC);

    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('alice-twin'))).toBe(before + 7n * DAY);
    expect(await tokenBalance(chain(), deployment.usdc, bob.account.address)).toBe(bobUsdc - USDC);
    expect(await tokenBalance(chain(), deployment.usdc, alice.account.address)).toBe(aliceUsdc);
  });

  it('keeps agents apart', async () => {
    await buyBattery(chain(), chain().alice, agentIdFor('twin-a'), USDC);
    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('twin-b'))).toBe(0n);
    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('twin-a').toUpperCase())).toBe(0n);
  });
});

describe('death and revival across time', () => {
  it('dies when its time runs out and revives from now, not from the old expiry', async () => {
    const { alice, testClient } = chain();
    const { event } = await buyBattery(chain(), alice, agentIdFor('mortal'), USDC);
    const expiry = event.args.newTimeToDeath;

    await testClient.increaseTime({ seconds: Number(6n * DAY) });
    await testClient.mine({ blocks: 1 });
    expect(await isAlive(chain(), agentIdFor('mortal'))).toBe(true);
    expect(await readLife(chain(), 'getRemainingDays', agentIdFor('mortal'))).toBeLessThanOrEqual(1n);

    // One second short of the last full day: whole days round down to 0 while it still lives.
    await testClient.setNextBlockTimestamp({ timestamp: expiry - DAY + 1n });
    await testClient.mine({ blocks: 1 });
    expect(await readLife(chain(), 'getRemainingLife', agentIdFor('mortal'))).toBe(DAY - 1n);
    expect(await readLife(chain(), 'getRemainingDays', agentIdFor('mortal'))).toBe(0n);
    expect(await isAlive(chain(), agentIdFor('mortal'))).toBe(true);

    await testClient.setNextBlockTimestamp({ timestamp: expiry });
    await testClient.mine({ blocks: 1 });
    // Dead at the expiry second itself.
    expect(await isAlive(chain(), agentIdFor('mortal'))).toBe(false);
    expect(await readLife(chain(), 'getRemainingLife', agentIdFor('mortal'))).toBe(0n);

    await testClient.increaseTime({ seconds: Number(30n * DAY) });
    await testClient.mine({ blocks: 1 });
    expect(await isAlive(chain(), agentIdFor('mortal'))).toBe(false);
    expect(await readLife(chain(), 'getRemainingLife', agentIdFor('mortal'))).toBe(0n);
    expect(await readLife(chain(), 'getRemainingDays', agentIdFor('mortal'))).toBe(0n);
    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('mortal'))).toBe(expiry);

    const revival = await buyBattery(chain(), alice, agentIdFor('mortal'), USDC);
    expect(revival.event.args.newTimeToDeath).toBe(revival.timestamp + 7n * DAY);
    expect(revival.event.args.newTimeToDeath).toBeGreaterThan(expiry + 7n * DAY);
    expect(await isAlive(chain(), agentIdFor('mortal'))).toBe(true);
    expect(await readLife(chain(), 'getRemainingDays', agentIdFor('mortal'))).toBe(7n);
  });
});

describe('extendLife rejections', () => {
  const life = () => ({ address: chain().deployment.fartwinLife, abi: fartwinLifeAbi }) as const;

  it('rejects less than 1 USDC with AmountBelowMinimum', async () => {
    const { alice } = chain();
    await approveUsdc(chain(), alice, USDC);
    const args = await expectRevert(
      alice.writeContract({ ...life(), functionName: 'extendLife', args: [agentIdFor('agent'), USDC - 1n] }),
      'AmountBelowMinimum',
    );
    expect(args).toEqual([USDC - 1n, USDC]);
    await expectRevert(
      alice.writeContract({ ...life(), functionName: 'extendLife', args: [agentIdFor('agent'), 0n] }),
      'AmountBelowMinimum',
    );
  });

  it('rejects every agent id that is not a lowercase UUID with InvalidAgentId', async () => {
    const { alice } = chain();
    await approveUsdc(chain(), alice, USDC);
    const valid = agentIdFor('agent');
    const malformed = [
      '',
      'x\u0000',
      `${valid.slice(0, 35)}\u0000`,
      valid.toUpperCase(),
      `${valid.slice(0, 35)}A`,
      `${valid}0`,
      valid.slice(0, 35),
      `${valid.slice(0, 8)}0${valid.slice(9)}`,
      `${valid.slice(0, 23)}0${valid.slice(24)}`,
      // Characters that would turn into hex digits if the dashes were not checked as such.
      `${valid.slice(0, 13)}(${valid.slice(14)}`,
      `${valid.slice(0, 18)}|${valid.slice(19)}`,
      valid.replaceAll('-', ''),
      `${valid.slice(0, 7)}-${valid.slice(7, 8)}${valid.slice(9)}`,
      `${valid.slice(0, 30)}g${valid.slice(31)}`,
      `${valid.slice(0, 3)}:${valid.slice(4)}`,
      `${valid.slice(0, 34)}é`,
      `${valid.slice(0, 4)}\u00e9${valid.slice(6)}`,
      'lowcaps-dev-twin',
      'agent-1',
    ];
    for (const agentId of malformed) {
      for (const args of [
        [agentId, USDC],
        [agentId, USDC, 0n, 2n ** 64n],
      ] as const) {
        await expectRevert(alice.writeContract({ ...life(), functionName: 'extendLife', args }), 'InvalidAgentId');
      }
    }
  });

  it('accepts every lowercase hex digit in every position of a UUID', async () => {
    const { alice } = chain();
    // 0-9 and a-f, the edges of each range included, across both words the contract checks.
    const ids = [
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '01234567-89ab-cdef-9a0f-fedcba987654',
      '9a9a9a9a-afaf-0909-f0f0-a9f0a9f0a9f0',
    ];
    for (const agentId of ids) {
      const { event } = await buyBattery(chain(), alice, agentId, USDC);
      expect(event.args.agentId).toBe(agentId);
    }
  });

  it('rejects a payer who has not approved the USDC (ERC20InsufficientAllowance from USDC)', async () => {
    const { alice } = chain();
    const args = await expectRevert(
      alice.writeContract({
        ...life(),
        abi: lifeAndTokenErrorsAbi,
        functionName: 'extendLife',
        args: [agentIdFor('agent'), USDC],
      }),
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
        args: [agentIdFor('agent'), balance + USDC],
      }),
      'ERC20InsufficientBalance',
    );
  });

  it('leaves life untouched when a payment fails', async () => {
    const { alice } = chain();
    await expectRevert(
      alice.writeContract({
        ...life(),
        abi: lifeAndTokenErrorsAbi,
        functionName: 'extendLife',
        args: [agentIdFor('agent'), USDC],
      }),
      'ERC20InsufficientAllowance',
    );
    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('agent'))).toBe(0n);
  });
});

describe('slippage floor', () => {
  const life = () => ({ address: chain().deployment.fartwinLife, abi: fartwinLifeAbi }) as const;

  it('passes at exactly the floor and reverts with InsufficientA0xOut one unit above it', async () => {
    const { alice } = chain();
    const quoted = await quoteA0xOut(chain(), 3n * USDC);
    // The floor is per whole USDC: 3 USDC must buy at least 3 × rate / 1.
    const exactRate = quoted / 3n;
    await changeSetting(chain(), { setting: 'MinA0xPerUsdc', value: exactRate });
    await approveUsdc(chain(), alice, 3n * USDC);
    const snapshot = await chain().testClient.snapshot();
    await extendLife(chain(), alice, agentIdFor('agent'), 3n * USDC);
    await revertSnapshot(chain().testClient, snapshot);

    const tooHighRate = exactRate + 1n;
    await changeSetting(chain(), { setting: 'MinA0xPerUsdc', value: tooHighRate });
    const args = await expectRevert(
      alice.writeContract({ ...life(), functionName: 'extendLife', args: [agentIdFor('agent'), 3n * USDC] }),
      'InsufficientA0xOut',
    );
    expect(args).toEqual([quoted, 3n * tooHighRate]);
    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('agent'))).toBe(0n);
  });

  it('protects against a pool that was pushed off price', async () => {
    const { alice } = chain();
    await changeSetting(chain(), { setting: 'MinA0xPerUsdc', value: parseUnits('2000', 18) });
    await approveUsdc(chain(), alice, USDC);
    await expectRevert(
      alice.writeContract({ ...life(), functionName: 'extendLife', args: [agentIdFor('agent'), USDC] }),
      'InsufficientA0xOut',
    );
  });

  it('is disabled by a rate of 0', async () => {
    const { alice } = chain();
    await changeSetting(chain(), { setting: 'MinA0xPerUsdc', value: 0n });
    const { event } = await buyBattery(chain(), alice, agentIdFor('agent'), USDC);
    expect(event.args.a0xBurned).toBeGreaterThan(0n);
  });
});

describe("the payer's minimum and deadline (extendLife with four arguments)", () => {
  const life = () => ({ address: chain().deployment.fartwinLife, abi: fartwinLifeAbi }) as const;
  const latestTime = async () => (await chain().publicClient.getBlock({ blockTag: 'latest' })).timestamp;

  it('pays when the swap buys at least the minimum, before the deadline', async () => {
    const { alice } = chain();
    const quoted = await quoteA0xOut(chain(), USDC);
    const deadline = (await latestTime()) + 600n;
    const { event } = await buyBattery(chain(), alice, agentIdFor('agent'), USDC, { minA0xOut: quoted, deadline });
    expect(event.args.a0xBurned).toBe(quoted);
    expect(await isAlive(chain(), agentIdFor('agent'))).toBe(true);
  });

  it('reverts with BelowPayerMinimum when the swap buys less than the minimum, and changes nothing', async () => {
    const { alice } = chain();
    const quoted = await quoteA0xOut(chain(), USDC);
    await approveUsdc(chain(), alice, USDC);
    const deadline = (await latestTime()) + 600n;
    const args = await expectRevert(
      alice.writeContract({
        ...life(),
        functionName: 'extendLife',
        args: [agentIdFor('agent'), USDC, quoted + 1n, deadline],
      }),
      'BelowPayerMinimum',
    );
    expect(args).toEqual([quoted, quoted + 1n]);
    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('agent'))).toBe(0n);
  });

  it("is held to the payer's minimum, not the owner's floor", async () => {
    const { alice } = chain();
    const quoted = await quoteA0xOut(chain(), USDC);
    // A floor no payment meets: the two-argument form is refused, the payer's own minimum pays.
    await changeSetting(chain(), { setting: 'MinA0xPerUsdc', value: quoted + 1n });
    await approveUsdc(chain(), alice, USDC);
    await expectRevert(
      alice.writeContract({ ...life(), functionName: 'extendLife', args: [agentIdFor('agent'), USDC] }),
      'InsufficientA0xOut',
    );
    const deadline = (await latestTime()) + 600n;
    const { event } = await buyBattery(chain(), alice, agentIdFor('agent'), USDC, { minA0xOut: quoted, deadline });
    expect(event.args.a0xBurned).toBe(quoted);
  });

  it('reverts with DeadlinePassed after the deadline and pays at the deadline second itself', async () => {
    const { alice, testClient } = chain();
    await approveUsdc(chain(), alice, USDC);
    const past = (await latestTime()) - 1n;
    const args = await expectRevert(
      alice.writeContract({ ...life(), functionName: 'extendLife', args: [agentIdFor('agent'), USDC, 0n, past] }),
      'DeadlinePassed',
    );
    expect(args[0]).toBe(past);
    expect(args[1] as bigint).toBeGreaterThan(past);
    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('agent'))).toBe(0n);

    const deadline = (await latestTime()) + 100n;
    await testClient.setNextBlockTimestamp({ timestamp: deadline });
    const receipt = await extendLife(chain(), alice, agentIdFor('agent'), USDC, { minA0xOut: 0n, deadline });
    expect((await chain().publicClient.getBlock({ blockNumber: receipt.blockNumber })).timestamp).toBe(deadline);
  });
});

describe('LifePaid', () => {
  it('follows every LifeExtended with the agent id hash and the payer as topics', async () => {
    const { alice, bob, deployment, publicClient } = chain();
    const agentId = agentIdFor('agent');
    const { receipt } = await buyBattery(chain(), alice, agentId, USDC);
    const lifeLogs = receipt.logs.filter((log) => log.address.toLowerCase() === deployment.fartwinLife.toLowerCase());
    const [extended, paid] = parseEventLogs({ abi: fartwinLifeAbi, logs: lifeLogs });
    expect(extended?.eventName).toBe('LifeExtended');
    expect(paid?.eventName).toBe('LifePaid');
    expect(paid?.topics).toEqual([
      toEventSelector(getAbiItem({ abi: fartwinLifeAbi, name: 'LifePaid' })),
      keccak256(toBytes(agentId)),
      pad(alice.account.address.toLowerCase() as `0x${string}`),
    ]);
    expect(paid?.data).toBe('0x');

    // Payments can be found by payer and by agent.
    await buyBattery(chain(), bob, agentIdFor('other'), USDC);
    await buyBattery(chain(), bob, agentId, USDC);
    const fromBlock = receipt.blockNumber;
    const byBob = await publicClient.getContractEvents({
      address: deployment.fartwinLife,
      abi: fartwinLifeAbi,
      eventName: 'LifePaid',
      args: { payer: bob.account.address },
      fromBlock,
    });
    expect(byBob.map((log) => log.args.agentIdHash)).toEqual([
      keccak256(toBytes(agentIdFor('other'))),
      keccak256(toBytes(agentId)),
    ]);
    const forAgent = await publicClient.getContractEvents({
      address: deployment.fartwinLife,
      abi: fartwinLifeAbi,
      eventName: 'LifePaid',
      args: { agentIdHash: keccak256(toBytes(agentId)) },
      fromBlock,
    });
    expect(forAgent.map((log) => log.args.payer)).toEqual([alice.account.address, bob.account.address]);
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
      alice.writeContract({ ...life(), functionName: 'extendLife', args: [agentIdFor('agent'), USDC] }),
      'EnforcedPause',
    );
    await expectRevert(operator.writeContract({ ...life(), functionName: 'pause' }), 'EnforcedPause');
    // Reads keep working while paused.
    expect(await isAlive(chain(), agentIdFor('agent'))).toBe(false);

    const unpaused = await send(chain(), operator.writeContract({ ...life(), functionName: 'unpause' }));
    expect(parseEventLogs({ abi: fartwinLifeAbi, logs: unpaused.logs, eventName: 'Unpaused' })).toHaveLength(1);
    await expectRevert(operator.writeContract({ ...life(), functionName: 'unpause' }), 'ExpectedPause');
    await extendLife(chain(), alice, agentIdFor('agent'), USDC);
    expect(await isAlive(chain(), agentIdFor('agent'))).toBe(true);
  });
});
