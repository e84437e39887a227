import {
  type Account,
  type Chain,
  keccak256,
  maxUint256,
  type PublicClient,
  type Transport,
  toHex,
  type WalletClient,
} from 'viem';
import { fartwinLifeAbi, iusdcAbi } from '../../generated/abis.ts';
import { swapRouter02Abi } from '../../generated/uniswap-abis.ts';
import { batteryAuthorizationCall, payForBattery } from '../battery.ts';
import { batteryAuthorizationTypedData } from '../battery-authorization.ts';
import type { PayerProtection } from '../protection.ts';
import { confirm, withGasHeadroom } from '../transactions.ts';

type Wallet = WalletClient<Transport, Chain, Account>;

export interface GasComparisonContracts {
  usdc: `0x${string}`;
  fartwinLife: `0x${string}`;
  swapRouter: `0x${string}`;
  burnAddress: `0x${string}`;
}

export interface GasComparison {
  /**
   * Gas of one extendLife of `usdcAmount` for `agentId` (its approval is not counted); with the
   * payer's protection, the four-argument form the mini-app sends.
   */
  extendLife(agentId: string, protection?: PayerProtection): Promise<bigint>;
  /**
   * Gas of one relayed battery (revival with only USDC): the payer signs an EIP-3009
   * authorization, the spender (as the app's relayer) sends extendLifeWithAuthorization.
   */
  relayedBattery(agentId: string): Promise<bigint>;
  /** Gas of the baseline's two transactions: the spender's transferFrom, then its router swap. */
  baseline(): Promise<{ transferFrom: bigint; swap: bigint; total: bigint }>;
}

/**
 * extendLife against what it replaces: a bare USDC transferFrom (the payer's USDC pulled by a
 * spender, as FartwinLife pulls it) plus the same swap through Uniswap's SwapRouter02 along
 * FartwinLife's own path to the burn address, as two transactions. Approves the baseline's
 * spending once; each call then sends and measures one round. The gas test bounds the ratio,
 * the gas benchmark reports medians.
 */
export async function extendLifeGasComparison(
  publicClient: PublicClient,
  { payer, spender }: { payer: Wallet; spender: Wallet },
  contracts: GasComparisonContracts,
  usdcAmount: bigint,
): Promise<GasComparison> {
  const usdc = { address: contracts.usdc, abi: iusdcAbi } as const;
  const gasOf = async (hash: Promise<`0x${string}`>) => (await confirm(publicClient, await hash)).gasUsed;

  await gasOf(payer.writeContract({ ...usdc, functionName: 'approve', args: [spender.account.address, maxUint256] }));
  await gasOf(spender.writeContract({ ...usdc, functionName: 'approve', args: [contracts.swapRouter, maxUint256] }));
  const path = await publicClient.readContract({
    address: contracts.fartwinLife,
    abi: fartwinLifeAbi,
    functionName: 'swapPath',
  });
  const swapCall = {
    account: spender.account,
    address: contracts.swapRouter,
    abi: swapRouter02Abi,
    functionName: 'exactInput',
    args: [{ path, recipient: contracts.burnAddress, amountIn: usdcAmount, amountOutMinimum: 0n }],
  } as const;

  const chainId = await publicClient.getChainId();

  return {
    relayedBattery: async (agentId) => {
      const { timestamp } = await publicClient.getBlock();
      const salt = keccak256(toHex(`${agentId}:${timestamp}:${Math.random()}`));
      const typed = batteryAuthorizationTypedData({
        chainId,
        usdc: contracts.usdc,
        fartwinLife: contracts.fartwinLife,
        from: payer.account.address,
        agentId,
        minA0xOut: 0n,
        salt,
        validAfter: 0n,
        validBefore: timestamp + 600n,
      });
      const signature = await payer.signTypedData({ ...typed, account: payer.account });
      const call = batteryAuthorizationCall(contracts.fartwinLife, agentId, {
        from: payer.account.address,
        validAfter: 0n,
        validBefore: timestamp + 600n,
        minA0xOut: 0n,
        salt,
        signature,
      });
      const gas = withGasHeadroom(await publicClient.estimateContractGas({ ...call, account: spender.account }));
      return gasOf(spender.writeContract({ ...call, gas }));
    },
    extendLife: async (agentId, protection) =>
      (await payForBattery(publicClient, payer, contracts, agentId, usdcAmount, { protection })).receipt.gasUsed,
    baseline: async () => {
      const transferFrom = await gasOf(
        spender.writeContract({
          ...usdc,
          functionName: 'transferFrom',
          args: [payer.account.address, spender.account.address, usdcAmount],
        }),
      );
      const gas = withGasHeadroom(await publicClient.estimateContractGas(swapCall));
      const swap = await gasOf(spender.writeContract({ ...swapCall, gas }));
      return { transferFrom, swap, total: transferFrom + swap };
    },
  };
}
