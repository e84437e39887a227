import {
  type Account,
  type Address,
  type Chain,
  maxUint256,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { nonfungiblePositionManagerAbi, swapRouter02Abi, uniswapV3FactoryAbi } from '../../generated/uniswap-abis.ts';
import { usdcAbi } from '../index.ts';
import { FEE_TICK_SPACING, type FeeTier } from '../path.ts';
import { confirm, withGasHeadroom } from './chain.ts';

/** Uniswap V3's tick bounds (TickMath.MIN_TICK / MAX_TICK). */
const MAX_TICK = 887272;

/** The widest range a position can cover at this fee tier: ticks must be multiples of the spacing. */
export function fullRangeTicks(fee: FeeTier): { tickLower: number; tickUpper: number } {
  const spacing = FEE_TICK_SPACING[fee];
  const tickUpper = Math.floor(MAX_TICK / spacing) * spacing;
  return { tickLower: -tickUpper, tickUpper };
}

function integerSqrt(value: bigint): bigint {
  if (value < 2n) return value;
  let x = value;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + value / x) / 2n;
  }
  return x;
}

/** sqrt(amount1 / amount0) as Q64.96: the pool price at which the two raw amounts are worth the same. */
export function sqrtPriceX96(amount0: bigint, amount1: bigint): bigint {
  return integerSqrt((amount1 << 192n) / amount0);
}

/** Uniswap orders a pool's tokens by address. */
function sortTokens<T extends { token: Address }>(a: T, b: T): [T, T] {
  return BigInt(a.token) < BigInt(b.token) ? [a, b] : [b, a];
}

export interface PoolSeed {
  positionManager: Address;
  factory: Address;
  fee: FeeTier;
  /** The two tokens and the raw amounts deposited; their ratio sets the opening price. */
  tokenA: { token: Address; amount: bigint };
  tokenB: { token: Address; amount: bigint };
}

/**
 * Creates (if needed) and initialises a V3 pool at the price implied by the two amounts, and
 * deposits them as one full-range position owned by the wallet's account. Returns the pool.
 */
export async function createPoolWithLiquidity(
  publicClient: PublicClient<Transport, Chain>,
  wallet: WalletClient<Transport, Chain, Account>,
  seed: PoolSeed,
): Promise<Address> {
  const [first, second] = sortTokens(seed.tokenA, seed.tokenB);
  for (const { token } of [first, second]) {
    await confirm(
      publicClient,
      await wallet.writeContract({
        address: token,
        abi: usdcAbi,
        functionName: 'approve',
        args: [seed.positionManager, maxUint256],
      }),
    );
  }
  // Pool creation and the first mint touch the pool's time-dependent oracle and ticks: anvil's tight
  // estimate can fall short once mined a second later, so both get the usual headroom.
  const create = {
    account: wallet.account,
    address: seed.positionManager,
    abi: nonfungiblePositionManagerAbi,
    functionName: 'createAndInitializePoolIfNecessary',
    args: [first.token, second.token, seed.fee, sqrtPriceX96(first.amount, second.amount)],
  } as const;
  await confirm(
    publicClient,
    await wallet.writeContract({
      ...create,
      gas: withGasHeadroom(await publicClient.estimateContractGas(create)),
    }),
  );
  const { tickLower, tickUpper } = fullRangeTicks(seed.fee);
  const block = await publicClient.getBlock();
  const mint = {
    account: wallet.account,
    address: seed.positionManager,
    abi: nonfungiblePositionManagerAbi,
    functionName: 'mint',
    args: [
      {
        token0: first.token,
        token1: second.token,
        fee: seed.fee,
        tickLower,
        tickUpper,
        amount0Desired: first.amount,
        amount1Desired: second.amount,
        amount0Min: 0n,
        amount1Min: 0n,
        recipient: wallet.account.address,
        deadline: block.timestamp + 3600n,
      },
    ],
  } as const;
  await confirm(
    publicClient,
    await wallet.writeContract({ ...mint, gas: withGasHeadroom(await publicClient.estimateContractGas(mint)) }),
  );
  return publicClient.readContract({
    address: seed.factory,
    abi: uniswapV3FactoryAbi,
    functionName: 'getPool',
    args: [first.token, second.token, seed.fee],
  });
}

export interface ExactInputSwap {
  router: Address;
  tokenIn: Address;
  tokenOut: Address;
  fee: FeeTier;
  amountIn: bigint;
}

/**
 * Sells exactly `amountIn` of `tokenIn` through SwapRouter02 in one pool, to the wallet itself, with
 * no price floor (the local trader of tests and tools), once the router may spend `tokenIn`.
 * Gas has the usual headroom: the bare estimate can miss the pool's oracle write.
 */
export async function swapExactInputSingle(
  publicClient: PublicClient<Transport, Chain>,
  wallet: WalletClient<Transport, Chain, Account>,
  swap: ExactInputSwap,
) {
  await confirm(
    publicClient,
    await wallet.writeContract({
      address: swap.tokenIn,
      abi: usdcAbi,
      functionName: 'approve',
      args: [swap.router, maxUint256],
    }),
  );
  const request = {
    account: wallet.account,
    address: swap.router,
    abi: swapRouter02Abi,
    functionName: 'exactInputSingle',
    args: [
      {
        tokenIn: swap.tokenIn,
        tokenOut: swap.tokenOut,
        fee: swap.fee,
        recipient: wallet.account.address,
        amountIn: swap.amountIn,
        amountOutMinimum: 0n,
        sqrtPriceLimitX96: 0n,
      },
    ],
  } as const;
  const gas = withGasHeadroom(await publicClient.estimateContractGas(request));
  return confirm(publicClient, await wallet.writeContract({ ...request, gas }));
}
