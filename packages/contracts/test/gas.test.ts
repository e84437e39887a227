import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { extendLifeGasComparison } from '../src/deployment.ts';
import { quotePayerProtection } from '../src/protection.ts';
import { useTestChain } from './support/chain.ts';
import { USDC } from './support/life.ts';

const chain = useTestChain();

describe('gas', () => {
  it('a later battery costs no more than a bare USDC transferFrom plus the same swap through the router', async () => {
    const { alice, bob, deployment, publicClient } = chain();
    // Bob pulls 1 USDC from alice (as FartwinLife does), then swaps it himself.
    const gas = await extendLifeGasComparison(publicClient, { payer: alice, spender: bob }, deployment, USDC);
    // Warm-up so both sides meet a pool and burn balance that already exist.
    await gas.extendLife(randomUUID());

    const agentId = randomUUID();
    const firstBattery = await gas.extendLife(agentId);
    const nextBattery = await gas.extendLife(agentId);
    const protectedBattery = await gas.extendLife(agentId, await quotePayerProtection(publicClient, deployment, USDC));
    const baseline = await gas.baseline();

    const ratio = (used: bigint) => (Number(used) / Number(baseline.total)).toFixed(3);
    console.log(
      [
        'gas: extendLife vs a bare USDC transferFrom + the same router swap (two transactions)',
        `  extendLife, first battery of an agent: ${firstBattery} (ratio ${ratio(firstBattery)})`,
        `  extendLife, later battery:             ${nextBattery} (ratio ${ratio(nextBattery)})`,
        `  the same with the payer's minimum and deadline (four arguments): ${protectedBattery} (ratio ${ratio(protectedBattery)})`,
        `  baseline: transferFrom ${baseline.transferFrom} + exactInput ${baseline.swap} = ${baseline.total}`,
      ].join('\n'),
    );
    // One transaction instead of two saves an intrinsic 21 000; the extra work (storage, the id
    // check, the two events) must fit in it: a later battery costs no more than the baseline.
    expect(nextBattery).toBeLessThanOrEqual(baseline.total);
    expect(protectedBattery).toBeLessThanOrEqual(baseline.total);
  });
});
