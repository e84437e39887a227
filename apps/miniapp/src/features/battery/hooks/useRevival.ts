import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../../lib/errors.ts';
import { strings } from '../../../lib/strings.ts';
import { type Hash, useWalletAddress, useWalletLoader, useWalletStack, type WalletStack } from '../../wallet/index.ts';
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
  const wallet = useWalletLoader();
  const stack = useWalletStack();
  const address = useWalletAddress(stack);
  const { data: allowance, refetch: refetchAllowance } = useQuery({
    queryKey: ['usdc-allowance', address],
    queryFn: () => stack!.readAllowance(address!),
    enabled: Boolean(stack?.contractsAvailable && address),
  });

  const [approvePhase, setApprovePhase] = useState<TxPhase>('idle');
  const [approveError, setApproveError] = useState<string | null>(null);
  const [buyPhase, setBuyPhase] = useState<TxPhase>('idle');

  const runApprove = useCallback(async () => {
    setApproveError(null);
    setApprovePhase('pending');
    try {
      const chain = await wallet.load();
      const hash = await chain.approveBattery();
      setApprovePhase('confirming');
      post({ text: strings.transactionSubmitted(hash), sender: 'ajax' });
      await chain.waitForSuccess(hash);
      setApprovePhase('done');
      post({ text: strings.usdcApproved, sender: 'ajax', action: 'buy-battery' });
      void refetchAllowance();
    } catch (error) {
      const message = errorMessage(error);
      setApproveError(message);
      setApprovePhase('error');
      post({ text: strings.approveError(message), sender: 'ajax' });
    }
  }, [wallet, post, refetchAllowance]);

  const runBuy = useCallback(async () => {
    if (!agentId) return;
    setBuyPhase('pending');
    let chain: WalletStack;
    let hash: Hash;
    try {
      chain = await wallet.load();
      hash = await chain.buyBattery(agentId);
    } catch (error) {
      setBuyPhase('error');
      post({ text: strings.purchaseError(errorMessage(error)), sender: 'ajax' });
      return;
    }
    setBuyPhase('confirming');
    post({ text: strings.transactionSubmitted(hash), sender: 'ajax' });
    try {
      await chain.waitForSuccess(hash);
    } catch (error) {
      setBuyPhase('error');
      post({ text: strings.transactionError(errorMessage(error)), sender: 'ajax' });
      return;
    }
    post({ text: strings.transactionConfirmed, sender: 'ajax' });
    try {
      onRevived(await chain.readExpiryMs(agentId));
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
  }, [agentId, wallet, post, onRevived, refetchAllowance]);

  return {
    available: Boolean(stack?.contractsAvailable),
    allowance,
    // Approved in this session: the approval went through and no purchase has spent it yet.
    approve: { phase: approvePhase, approved: approvePhase === 'done', error: approveError, run: runApprove },
    buy: { phase: buyPhase, run: runBuy },
  };
}
