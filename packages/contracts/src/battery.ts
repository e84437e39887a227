import {
  type Account,
  type Address,
  type Chain,
  maxUint256,
  type PublicClient,
  parseEventLogs,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from 'viem';
import { fartwinLifeAbi, iusdcAbi } from '../generated/abis.ts';
import type { BatteryAuthorization } from './battery-authorization.ts';
import type { PayerProtection } from './protection.ts';
import { confirm, withGasHeadroom } from './transactions.ts';

type Wallet = WalletClient<Transport, Chain, Account>;

export interface PaymentOptions {
  /** Without it, the two-argument extendLife: the owner's floor protects the payment. */
  protection?: PayerProtection;
  /**
   * Called with the extendLife transaction's hash once it is sent, before its receipt is awaited:
   * a caller records it, so a retry after a failed wait can tell a pending payment from none.
   */
  onSent?: (hash: `0x${string}`) => unknown;
  /**
   * 'standing': approve FartwinLife for good (the maximum) unless the wallet approved it so
   * already, for a payer that pays often from one account (the
   * operator's first batteries): payments sent side by side then never take each other's
   * allowance. Else each payment approves exactly its amount first.
   */
  approval?: 'exact' | 'standing';
}

export interface LifeContracts {
  usdc: Address;
  fartwinLife: Address;
}

/** Approves FartwinLife to pull `usdcAmount` of the wallet's USDC. */
export async function approveBatteryPayment(
  publicClient: PublicClient,
  wallet: Wallet,
  contracts: LifeContracts,
  usdcAmount: bigint,
): Promise<TransactionReceipt> {
  const hash = await wallet.writeContract({
    address: contracts.usdc,
    abi: iusdcAbi,
    functionName: 'approve',
    args: [contracts.fartwinLife, usdcAmount],
  });
  return confirm(publicClient, hash);
}

/** Calls extendLife (USDC already approved; with the payer's protection when given) with gas headroom, as a wallet would, and waits for success. */
export async function extendLife(
  publicClient: PublicClient,
  wallet: Wallet,
  contracts: LifeContracts,
  agentId: string,
  usdcAmount: bigint,
  options: PaymentOptions = {},
): Promise<TransactionReceipt> {
  const { protection } = options;
  const call = {
    account: wallet.account,
    address: contracts.fartwinLife,
    abi: fartwinLifeAbi,
    functionName: 'extendLife',
    args: protection
      ? ([agentId, usdcAmount, protection.minA0xOut, protection.deadline] as const)
      : ([agentId, usdcAmount] as const),
  } as const;
  const gas = withGasHeadroom(await publicClient.estimateContractGas(call));
  const hash = await wallet.writeContract({ ...call, gas });
  await options.onSent?.(hash);
  return confirm(publicClient, hash);
}

/**
 * Pays for battery life the way the mini-app does (approve, then extendLife): the one path the
 * demo, the tests and the operator's first battery share. Returns the receipt and the decoded event.
 */
export async function payForBattery(
  publicClient: PublicClient,
  wallet: Wallet,
  contracts: LifeContracts,
  agentId: string,
  usdcAmount: bigint,
  options: PaymentOptions = {},
) {
  if (options.approval !== 'standing') {
    await approveBatteryPayment(publicClient, wallet, contracts, usdcAmount);
  } else {
    const allowance = await publicClient.readContract({
      address: contracts.usdc,
      abi: iusdcAbi,
      functionName: 'allowance',
      args: [wallet.account.address, contracts.fartwinLife],
    });
    // Short of the standing approval (not merely of this amount: a payment beside this one may take it).
    if (allowance < maxUint256 / 2n) await approveBatteryPayment(publicClient, wallet, contracts, maxUint256);
  }
  const receipt = await extendLife(publicClient, wallet, contracts, agentId, usdcAmount, options);
  const [event] = parseEventLogs({ abi: fartwinLifeAbi, logs: receipt.logs, eventName: 'LifeExtended' });
  if (!event) throw new Error('extendLife emitted no LifeExtended event');
  return { receipt, event };
}

/**
 * The contract call a relayer sends (estimate, then write) for a signed battery. The swap's minimum
 * is the one the payer signed, inside `authorization`: a relayer has no minimum of its own to pass.
 */
export function batteryAuthorizationCall(fartwinLife: Address, agentId: string, authorization: BatteryAuthorization) {
  return {
    address: fartwinLife,
    abi: fartwinLifeAbi,
    functionName: 'extendLifeWithAuthorization',
    args: [agentId, authorization],
  } as const;
}
