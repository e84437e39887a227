/**
 * @fartwin/contracts/protection: the payer's own slippage protection for extendLife's four-argument
 * form, from a QuoterV2 quote. Only the two ABI fragments it calls (checked against the generated
 * ABIs in test/protection.test.ts), so the mini-app can take it without shipping every ABI.
 */
import type { Address, PublicClient } from 'viem';

/** Uniswap's QuoterV2 on Base (docs.uniswap.org, Base deployments); the local chain deploys its own. */
export const BASE_QUOTER_V2 = '0x3d4e44Eb1374240CE5F1B871ab261CD16335B76a' as const;

/** How far under the quote a payment may buy before it reverts: 1 %, in basis points. */
export const REVIVAL_SLIPPAGE_BPS = 100n;

/** How long a signed payment may wait to be mined: 10 minutes. */
export const REVIVAL_VALID_FOR_SECONDS = 600n;

export interface PayerProtection {
  /** The least A0X (18 decimals) the swap must buy, e.g. a QuoterV2 quote less the slippage allowed. */
  minA0xOut: bigint;
  /** The last unix second (chain time) at which the payment may be mined. */
  deadline: bigint;
}

/**
 * The minimum and deadline a payer passes to extendLife: the quote less `slippageBps`, and `now`
 * plus `validForSeconds`. `nowSeconds` is the later of the chain's latest block time and the wall
 * clock: a local chain that travelled in time runs ahead of the wall clock, an idle one behind it.
 */
export function payerProtection(
  quotedA0xOut: bigint,
  nowSeconds: bigint,
  { slippageBps = REVIVAL_SLIPPAGE_BPS, validForSeconds = REVIVAL_VALID_FOR_SECONDS } = {},
): PayerProtection {
  return {
    minA0xOut: (quotedA0xOut * (10_000n - slippageBps)) / 10_000n,
    deadline: nowSeconds + validForSeconds,
  };
}

/** FartwinLife.swapPath(): the path payments swap along, which the quote must follow. */
export const swapPathAbi = [
  {
    type: 'function',
    name: 'swapPath',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'bytes' }],
  },
] as const;

/** QuoterV2.quoteExactInput(path, amountIn): a swap simulated on the pools as they are now. */
export const quoteExactInputAbi = [
  {
    type: 'function',
    name: 'quoteExactInput',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'path', type: 'bytes' },
      { name: 'amountIn', type: 'uint256' },
    ],
    outputs: [
      { name: 'amountOut', type: 'uint256' },
      { name: 'sqrtPriceX96AfterList', type: 'uint160[]' },
      { name: 'initializedTicksCrossedList', type: 'uint32[]' },
      { name: 'gasEstimate', type: 'uint256' },
    ],
  },
] as const;

type ChainReader = Pick<PublicClient, 'readContract' | 'simulateContract' | 'getBlock'>;

/**
 * Quotes `usdcAmount` along FartwinLife's own path with QuoterV2 (an eth_call: QuoterV2 is not a
 * view, it runs the swap and reverts with the result) and turns the quote into the payer's
 * protection. Three reads: the path and the latest block together, then the quote.
 */
export async function quotePayerProtection(
  client: ChainReader,
  contracts: { fartwinLife: Address; quoter: Address },
  usdcAmount: bigint,
  options?: { slippageBps?: bigint; validForSeconds?: bigint },
): Promise<PayerProtection> {
  const [path, block] = await Promise.all([
    client.readContract({ address: contracts.fartwinLife, abi: swapPathAbi, functionName: 'swapPath' }),
    client.getBlock({ blockTag: 'latest' }),
  ]);
  const { result } = await client.simulateContract({
    address: contracts.quoter,
    abi: quoteExactInputAbi,
    functionName: 'quoteExactInput',
    args: [path, usdcAmount],
  });
  const wallClock = BigInt(Math.floor(Date.now() / 1000));
  const now = block.timestamp > wallClock ? block.timestamp : wallClock;
  return payerProtection(result[0], now, options);
}
