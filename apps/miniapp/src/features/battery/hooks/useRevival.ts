import { fartwinLifeAbi, usdcAbi } from '@fartwin/contracts';
import { BATTERY_PRICE_USDC, CHAIN_CLIENT } from '@fartwin/protocol';
import { useCallback, useState } from 'react';
import { base } from 'viem/chains';
import { useAccount, useConfig, useReadContract } from 'wagmi';
import { getPublicClient, readContract, writeContract } from 'wagmi/actions';
import { useAppConfig } from '../../../lib/app-config-context.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { strings } from '../../../lib/strings.ts';
import type { RevivalMessage } from '../types.ts';

/** Set after the first battery bought from this device (SPEC.md §4). */
export const FREE_BATTERY_FLAG = 'alreadyHadTheFreeBattery';

export type TxPhase = 'idle' | 'pending' | 'confirming' | 'done' | 'error';

export interface RevivalOptions {
  agentId: string | null;
  /** Posts a message in the chat. */
  post: (message: RevivalMessage) => void;
  /** The new expiry, in ms, read from the life contract after the purchase. */
  onRevived: (expiryMs: number) => void;
}

export interface Revival {
  available: boolean;
  /** The USDC the life contract may spend; undefined until read (or without a wallet). */
  allowance: bigint | undefined;
  approve: { phase: TxPhase; approved: boolean; error: string | null; run: () => Promise<void> };
  buy: { phase: TxPhase; run: () => Promise<void> };
}

/**
 * The revival flow of SPEC.md §4: approve 1 USDC to the life contract, then extendLife(agentId,
 * 1 USDC), then re-read agentTimeToDeath so the countdown starts again from the chain's value.
 */
export function useRevival({ agentId, post, onRevived }: RevivalOptions): Revival {
  const config = useConfig();
  const { contracts } = useAppConfig();
  const { address } = useAccount();
  const { data: allowance, refetch: refetchAllowance } = useReadContract({
    address: contracts?.usdc,
    abi: usdcAbi,
    functionName: 'allowance',
    args: address && contracts ? [address, contracts.fartwinLife] : undefined,
    chainId: base.id,
    query: { enabled: Boolean(address && contracts) },
  });

  const [approvePhase, setApprovePhase] = useState<TxPhase>('idle');
  const [approveError, setApproveError] = useState<string | null>(null);
  const [buyPhase, setBuyPhase] = useState<TxPhase>('idle');

  const waitForSuccess = useCallback(
    async (hash: `0x${string}`) => {
      // viem's wait, not wagmi's: wagmi replays a reverted transaction to guess a reason, which after
      // the block is often wrong; a reverted receipt is reported as "Transaction failed".
      const client = getPublicClient(config, { chainId: base.id });
      if (!client) throw new Error('No client for Base');
      const receipt = await client.waitForTransactionReceipt({ hash, timeout: CHAIN_CLIENT.receiptTimeoutMs });
      if (receipt.status !== 'success') throw new Error(strings.transactionFailed);
    },
    [config],
  );

  const runApprove = useCallback(async () => {
    setApproveError(null);
    setApprovePhase('pending');
    try {
      if (!contracts) throw new Error(strings.contractsUnavailable);
      const hash = await writeContract(config, {
        address: contracts.usdc,
        abi: usdcAbi,
        functionName: 'approve',
        args: [contracts.fartwinLife, BATTERY_PRICE_USDC],
        chainId: base.id,
      });
      setApprovePhase('confirming');
      post({ text: strings.transactionSubmitted(hash), sender: 'ajax' });
      await waitForSuccess(hash);
      setApprovePhase('done');
      post({ text: strings.usdcApproved, sender: 'ajax', action: 'buy-battery' });
      void refetchAllowance();
    } catch (error) {
      const message = errorMessage(error);
      setApproveError(message);
      setApprovePhase('error');
      post({ text: strings.approveError(message), sender: 'ajax' });
    }
  }, [config, contracts, post, waitForSuccess, refetchAllowance]);

  const runBuy = useCallback(async () => {
    if (!agentId) return;
    setBuyPhase('pending');
    let hash: `0x${string}`;
    try {
      if (!contracts) throw new Error(strings.contractsUnavailable);
      hash = await writeContract(config, {
        address: contracts.fartwinLife,
        abi: fartwinLifeAbi,
        functionName: 'extendLife',
        args: [agentId, BATTERY_PRICE_USDC],
        chainId: base.id,
      });
    } catch (error) {
      setBuyPhase('error');
      post({ text: strings.purchaseError(errorMessage(error)), sender: 'ajax' });
      return;
    }
    setBuyPhase('confirming');
    post({ text: strings.transactionSubmitted(hash), sender: 'ajax' });
    try {
      await waitForSuccess(hash);
    } catch (error) {
      setBuyPhase('error');
      post({ text: strings.transactionError(errorMessage(error)), sender: 'ajax' });
      return;
    }
    post({ text: strings.transactionConfirmed, sender: 'ajax' });
    try {
      const expirySeconds = await readContract(config, {
        address: contracts.fartwinLife,
        abi: fartwinLifeAbi,
        functionName: 'agentTimeToDeath',
        args: [agentId],
        chainId: base.id,
      });
      onRevived(Number(expirySeconds) * 1_000);
    } catch (error) {
      console.error('Reading the new battery failed', error);
      setBuyPhase('error');
      post({ text: strings.installError, sender: 'ajax' });
      return;
    }
    if (localStorage.getItem(FREE_BATTERY_FLAG) === null) localStorage.setItem(FREE_BATTERY_FLAG, 'true');
    setBuyPhase('done');
    // The purchase spent the allowance: a later revival needs a new approval.
    setApprovePhase('idle');
    post({ text: strings.batteryInstalled, sender: 'agent' });
    void refetchAllowance();
  }, [agentId, config, contracts, post, onRevived, waitForSuccess, refetchAllowance]);

  return {
    available: contracts !== null,
    allowance,
    // Approved in this session: the approval went through and no purchase has spent it yet.
    approve: { phase: approvePhase, approved: approvePhase === 'done', error: approveError, run: runApprove },
    buy: { phase: buyPhase, run: runBuy },
  };
}
