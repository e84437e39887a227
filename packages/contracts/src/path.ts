import { type Address, encodePacked, type Hex } from 'viem';

/** Uniswap V3 fee tiers (hundredths of a basis point) and the tick spacing each one uses. */
export const FEE_TICK_SPACING = { 100: 1, 500: 10, 3000: 60, 10000: 200 } as const;
export type FeeTier = keyof typeof FEE_TICK_SPACING;

/**
 * Encodes a Uniswap V3 swap path: `token0 ‖ fee0 ‖ token1 ‖ fee1 ‖ token2 …`, as
 * SwapRouter02.exactInput and QuoterV2.quoteExactInput expect it.
 */
export function encodeV3Path(tokens: readonly Address[], fees: readonly FeeTier[]): Hex {
  if (tokens.length < 2 || fees.length !== tokens.length - 1) {
    throw new Error(`A V3 path needs n tokens and n - 1 fees (got ${tokens.length} and ${fees.length})`);
  }
  const types: ('address' | 'uint24')[] = [];
  const values: (Address | number)[] = [];
  tokens.forEach((token, index) => {
    if (index > 0) {
      types.push('uint24');
      values.push(fees[index - 1] as FeeTier);
    }
    types.push('address');
    values.push(token);
  });
  return encodePacked(types, values);
}
