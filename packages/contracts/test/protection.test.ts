import { describe, expect, it } from 'vitest';
import { fartwinLifeAbi } from '../generated/abis.ts';
import { quoterV2Abi } from '../generated/uniswap-abis.ts';
import {
  payerProtection,
  quoteExactInputAbi,
  quotePayerProtection,
  REVIVAL_VALID_FOR_SECONDS,
  swapPathAbi,
} from '../src/protection.ts';
import { useTestChain } from './support/chain.ts';
import { agentIdFor, buyBattery, passTime, quoteA0xOut, USDC } from './support/life.ts';

const chain = useTestChain();

/** An ABI item without the compiler's internalType, which encoding does not use. */
const shape = (item: object) =>
  JSON.parse(JSON.stringify(item, (key, value) => (key === 'internalType' ? undefined : value)));

describe("the payer's protection", () => {
  it('is the quote less 1 % and ten minutes from now', () => {
    expect(payerProtection(1_000_000n, 5_000n)).toEqual({ minA0xOut: 990_000n, deadline: 5_600n });
    expect(payerProtection(1_000n, 0n, { slippageBps: 50n, validForSeconds: 60n })).toEqual({
      minA0xOut: 995n,
      deadline: 60n,
    });
  });

  it('ships only ABI fragments that are the generated entries', () => {
    expect(shape(swapPathAbi[0])).toEqual(
      shape(fartwinLifeAbi.find((item) => 'name' in item && item.name === 'swapPath')!),
    );
    expect(shape(quoteExactInputAbi[0])).toEqual(
      shape(quoterV2Abi.find((item) => 'name' in item && item.name === 'quoteExactInput')!),
    );
  });

  it("quotes along the contract's path with QuoterV2, from the chain's time when it runs ahead, and pays with it", async () => {
    const { alice, publicClient, deployment } = chain();
    // The chain's clock runs a day ahead of the wall clock, as after the dev host's time travel.
    await passTime(chain(), 86_400n);
    const protection = await quotePayerProtection(publicClient, deployment, USDC);
    const block = await publicClient.getBlock({ blockTag: 'latest' });
    expect(protection).toEqual({
      minA0xOut: ((await quoteA0xOut(chain(), USDC)) * 99n) / 100n,
      deadline: block.timestamp + REVIVAL_VALID_FOR_SECONDS,
    });
    const { event } = await buyBattery(chain(), alice, agentIdFor('agent'), USDC, protection);
    expect(event.args.a0xBurned).toBeGreaterThanOrEqual(protection.minA0xOut);
  });
});
