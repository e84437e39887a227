import type { SwapToken } from '@farcaster/miniapp-host';
import { encodeV3Path, erc20Abi, type FeeTier, quoterV2Abi, swapRouter02Abi } from '@fartwin/contracts';
import { type Address, createWalletClient, custom, isAddressEqual, type PublicClient } from 'viem';
import { base } from 'viem/chains';

/** What a swap answers when the local chain has no pool for the pair (SDK's SwapTokenResult). */
export const SWAP_UNAVAILABLE: SwapToken.SwapTokenResult = {
  success: false,
  reason: 'swap_failed',
  error: { error: 'unsupported_pair', message: 'The local chain has no pool for this pair' },
};

/** The local Uniswap V3 the swap sheet trades on (from the deployment the chain was bootstrapped with). */
export interface SwapContracts {
  usdc: Address;
  weth9: Address;
  quoter: Address;
  swapRouter: Address;
}

/** Pools of the local chain: USDC/WETH at 0.05 %, every twin token against WETH at 1 % (its launch pool). */
const USDC_WETH_FEE: FeeTier = 500;
const TWIN_TOKEN_FEE: FeeTier = 10_000;

/** Slippage choices, in basis points of the quoted amount. */
export const SLIPPAGE_CHOICES_BPS = [50, 100, 300] as const;
export const DEFAULT_SLIPPAGE_BPS = 100;

/** USDC → WETH → token, or back: every route the local chain has between USDC and a twin's token. */
export function swapPath(contracts: SwapContracts, sell: Address, buy: Address): `0x${string}` | null {
  const { usdc, weth9 } = contracts;
  const isOther = (token: Address) => !isAddressEqual(token, usdc) && !isAddressEqual(token, weth9);
  if (isAddressEqual(sell, usdc) && isOther(buy))
    return encodeV3Path([usdc, weth9, buy], [USDC_WETH_FEE, TWIN_TOKEN_FEE]);
  if (isOther(sell) && isAddressEqual(buy, usdc))
    return encodeV3Path([sell, weth9, usdc], [TWIN_TOKEN_FEE, USDC_WETH_FEE]);
  return null;
}

/** What `amountIn` of the path's first token buys now, through QuoterV2 (a simulated swap). */
export async function quoteSwap(client: PublicClient, contracts: SwapContracts, path: `0x${string}`, amountIn: bigint) {
  const { result } = await client.simulateContract({
    address: contracts.quoter,
    abi: quoterV2Abi,
    functionName: 'quoteExactInput',
    args: [path, amountIn],
  });
  return result[0];
}

/** The least the swap may pay out: the quote less the slippage. */
export function minimumOut(quoted: bigint, slippageBps: number): bigint {
  return (quoted * BigInt(10_000 - slippageBps)) / 10_000n;
}

/**
 * Swaps through SwapRouter02 from the person's wallet: an approval first when the router may not
 * spend enough yet, then the swap. Each transaction is confirmed in the wallet and mined before the next.
 * Returns the hashes in order; throws the wallet's error (rejected) or the chain's (reverted, e.g. slippage).
 */
export async function executeSwap(options: {
  client: PublicClient;
  /** The person's wallet (EIP-1193): it asks them to confirm each transaction. */
  wallet: Parameters<typeof custom>[0];
  account: Address;
  contracts: SwapContracts;
  sell: Address;
  path: `0x${string}`;
  amountIn: bigint;
  amountOutMinimum: bigint;
}): Promise<`0x${string}`[]> {
  const { client, contracts, account, sell, amountIn } = options;
  const signer = createWalletClient({ account, chain: base, transport: custom(options.wallet) });
  const hashes: `0x${string}`[] = [];
  const mined = async (hash: `0x${string}`) => {
    hashes.push(hash);
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`Transaction ${hash} reverted`);
  };
  const allowance = await client.readContract({
    address: sell,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [account, contracts.swapRouter],
  });
  if (allowance < amountIn) {
    await mined(
      await signer.writeContract({
        address: sell,
        abi: erc20Abi,
        functionName: 'approve',
        args: [contracts.swapRouter, amountIn],
      }),
    );
  }
  await mined(
    await signer.writeContract({
      address: contracts.swapRouter,
      abi: swapRouter02Abi,
      functionName: 'exactInput',
      args: [{ path: options.path, recipient: account, amountIn, amountOutMinimum: options.amountOutMinimum }],
    }),
  );
  return hashes;
}
