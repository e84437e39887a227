import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fartwinLifeAbi } from '../generated/abis.ts';
import { revertSnapshot } from '../src/deployment.ts';
import { expectRevert, useTestChain } from './support/chain.ts';
import {
  agentIdFor,
  buyBattery,
  DAY,
  quoteA0xOut,
  readLife,
  tokenBalance,
  transferUsdc,
  USDC,
} from './support/life.ts';

const chain = useTestChain();
// Few runs keep the suite fast; raise FC_NUM_RUNS for a deeper search.
const NUM_RUNS = Number(process.env.FC_NUM_RUNS ?? 15);
const AGENTS = [agentIdFor('agent-a'), agentIdFor('agent-b'), agentIdFor('agent-c')] as const;

const step = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    payer: fc.constantFrom('alice', 'bob', 'mallory' as const),
    agent: fc.constantFrom(...AGENTS),
    // 1 to 50 USDC, to the micro-USDC.
    usdcAmount: fc.bigInt({ min: USDC, max: 50n * USDC }),
  }),
  fc.record({ kind: fc.constant('wait' as const), seconds: fc.integer({ min: 0, max: 20 * 24 * 60 * 60 }) }),
);

/** Runs `body` on a snapshot of the chain and rolls it back, so every run starts from the same state. */
async function isolated(body: () => Promise<void>): Promise<void> {
  const id = await chain().testClient.snapshot();
  try {
    await body();
  } finally {
    await revertSnapshot(chain().testClient, id);
  }
}

describe('properties', () => {
  it('life never shrinks, grows by exactly what was paid, and burns exactly what the pool quotes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), (steps) =>
        isolated(async () => {
          const { deployment, testClient } = chain();
          const expiries = new Map<string, bigint>(AGENTS.map((agent) => [agent, 0n]));
          for (const current of steps) {
            if (current.kind === 'wait') {
              await testClient.increaseTime({ seconds: current.seconds });
              await testClient.mine({ blocks: 1 });
            } else {
              const before = expiries.get(current.agent) ?? 0n;
              const quoted = await quoteA0xOut(chain(), current.usdcAmount);
              const burnBefore = await tokenBalance(chain(), deployment.a0x, deployment.burnAddress);
              const { event, timestamp } = await buyBattery(
                chain(),
                chain()[current.payer],
                current.agent,
                current.usdcAmount,
              );
              const start = before > timestamp ? before : timestamp;
              expect(event.args.newTimeToDeath).toBe(start + (current.usdcAmount * 7n * DAY) / USDC);
              expect(event.args.newTimeToDeath).toBeGreaterThan(before);
              expect(event.args.a0xBurned).toBe(quoted);
              expect(await tokenBalance(chain(), deployment.a0x, deployment.burnAddress)).toBe(burnBefore + quoted);
              expiries.set(current.agent, event.args.newTimeToDeath);
            }
            for (const agent of AGENTS) {
              const onChain = await readLife(chain(), 'agentTimeToDeath', agent);
              expect(onChain).toBe(expiries.get(agent));
            }
          }
        }),
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('only the owner moves funds held by the contract', async () => {
    const { alice, deployment } = chain();
    await transferUsdc(chain(), alice, deployment.fartwinLife, 10n * USDC);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('alice', 'bob', 'mallory' as const),
        fc.bigInt({ min: 1n, max: 10n * USDC }),
        fc.boolean(),
        async (caller, amount, recoverAll) => {
          const wallet = chain()[caller];
          const life = { address: deployment.fartwinLife, abi: fartwinLifeAbi } as const;
          const attempt = recoverAll
            ? wallet.writeContract({ ...life, functionName: 'recoverTokens', args: [deployment.usdc] })
            : wallet.writeContract({ ...life, functionName: 'withdraw', args: [deployment.usdc, amount] });
          await expectRevert(attempt, 'OwnableUnauthorizedAccount');
          expect(await tokenBalance(chain(), deployment.usdc, deployment.fartwinLife)).toBe(10n * USDC);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});
