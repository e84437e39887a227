import { fartwinLifeAbi as generatedLifeAbi, usdcAbi as generatedUsdcAbi } from '@fartwin/contracts';
import { describe, expect, it } from 'vitest';
import { fartwinLifeAbi, usdcAbi } from './abi.ts';

/** An ABI item without the compiler's internalType, which encoding does not use. */
const shape = (item: object) =>
  JSON.parse(JSON.stringify(item, (key, value) => (key === 'internalType' ? undefined : value)));

describe('the ABI fragments the app ships', () => {
  it.each([
    ['USDC', usdcAbi, generatedUsdcAbi],
    ['FartwinLife', fartwinLifeAbi, generatedLifeAbi],
  ] as const)('%s: each one is the generated ABI entry', (_name, fragments, generated) => {
    for (const fragment of fragments) {
      // extendLife is overloaded: the entry is the one with the same inputs.
      const entry = generated.find(
        (item) => 'name' in item && item.name === fragment.name && item.inputs.length === fragment.inputs.length,
      );
      expect(entry, fragment.name).toBeDefined();
      expect(shape(fragment)).toEqual(shape(entry!));
    }
  });
});
