import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { extendLifeGasComparison } from '../src/deployment.ts';
import { quotePayerProtection } from '../src/protection.ts';
import { useTestChain } from './support/chain.ts';
import { USDC } from './support/life.ts';

const chain = useTestChain();

/**
 * What a relayed battery may cost above the baseline: an ecrecover (3,000), the used nonce's new
 * storage slot (22,100) and the signature's calldata; nothing more.
 */
const RELAYED_EXTRA_GAS = 30_000n;

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
    const relayedBattery = await gas.relayedBattery(agentId);
    const baseline = await gas.baseline();

    const ratio = (used: bigint) => (Number(used) / Number(baseline.total)).toFixed(3);
    console.log(
      [
        'gas: extendLife vs a bare USDC transferFrom + the same router swap (two transactions)',
        `  extendLife, first battery of an agent: ${firstBattery} (ratio ${ratio(firstBattery)})`,
        `  extendLife, later battery:             ${nextBattery} (ratio ${ratio(nextBattery)})`,
        `  the same with the payer's minimum and deadline (four arguments): ${protectedBattery} (ratio ${ratio(protectedBattery)})`,
        `  relayed (extendLifeWithAuthorization, a signed EIP-3009 battery): ${relayedBattery} (ratio ${ratio(relayedBattery)})`,
        `  baseline: transferFrom ${baseline.transferFrom} + exactInput ${baseline.swap} = ${baseline.total}`,
      ].join('\n'),
    );
    // One transaction instead of two saves an intrinsic 21 000; the extra work (storage, the id
    // check, the two events) must fit in it: a later battery costs no more than the baseline.
    expect(nextBattery).toBeLessThanOrEqual(baseline.total);
    expect(protectedBattery).toBeLessThanOrEqual(baseline.total);
    // The relayed battery adds the signature's check and the authorization's nonce to the same path.
    expect(relayedBattery).toBeGreaterThan(nextBattery);
    expect(relayedBattery).toBeLessThanOrEqual(baseline.total + RELAYED_EXTRA_GAS);
  });
});
