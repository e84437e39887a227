import { BATTERY_PRICE_USDC } from '@fartwin/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorMessage, rejectedByUser, unsupportedMethod } from '../../../lib/errors.ts';
import { strings } from '../../../lib/strings.ts';
import {
  type Hash,
  useWalletAddress,
  useWalletLoader,
  useWalletStack,
  type WalletStack,
} from '../../../platform/wallet/index.ts';
import type { RevivalMessage } from '../types.ts';
import { useBatteryInstall } from './useBatteryInstall.ts';

export { FREE_BATTERY_FLAG } from './useBatteryInstall.ts';

export type TxPhase = 'idle' | 'pending' | 'confirming' | 'done' | 'error';

export interface RevivalOptions {
  agentId: string | null;
  /** Posts a message in the chat. */
  post: (message: RevivalMessage) => void;
  /** The new expiry, in ms, read from the life contract after the purchase. */
  onRevived: (expiryMs: number) => void;
  /**
   * Whether a revival is on offer (the battery is dead, or a revival's button is shown): only then
   * does the wallet stack load for it.
   */
  needed: boolean;
}

export interface Revival {
  available: boolean;
  /** The USDC the life contract may spend; undefined until read (or without a wallet). */
  allowance: bigint | undefined;
  approve: { phase: TxPhase; approved: boolean; error: string | null; run: () => Promise<void> };
  buy: { phase: TxPhase; run: () => Promise<void> };
  /** Approve and buy in one wallet prompt (EIP-5792), where the wallet supports it. */
  oneTap: { supported: boolean; phase: TxPhase; error: string | null; run: () => Promise<void> };
  /**
   * Revival with only USDC: one typed-data signature (EIP-712), relayed by the server, which pays the
   * gas. Offered first where the server relays, ETH or not, to every wallet but one that sends calls
   * atomically (that one revives in one tap, one signature as well): no standard query tells
   * whether a wallet signs typed data, so asking is the test. A wallet that answers "unsupported
   * method" is marked unable for the app's session and one-tap or allow-then-buy take over at once,
   * with a short note; a rejected signature or the relay's refusal is said in the chat and the other
   * ways take over in this chat.
   */
  signed: { offered: boolean; phase: TxPhase; error: string | null; run: () => Promise<void> };
}

/** The query cache's mark of a wallet that answered it cannot sign typed data (for the app's session). */
const cannotSignTypedDataKey = (address: string | undefined) => ['cannot-sign-typed-data', address] as const;

/** What a bundle that did not fully succeed left on the chain. */
type Landed = 'purchase' | 'approval' | 'nothing';

/**
 * The revival flow: approve 1 USDC to the life contract, then extendLife(agentId,
 * 1 USDC), then re-read agentTimeToDeath so the countdown starts again from the chain's value. A
 * wallet that supports EIP-5792 does both in one prompt; since it may not be atomic, what landed is
 * read from the chain, and a lone approval continues with the second step (Buy).
 */
export function useRevival({ agentId, post, onRevived, needed }: RevivalOptions): Revival {
  const wallet = useWalletLoader();
  const stack = useWalletStack(needed);
  const address = useWalletAddress(stack);
  const canPay = Boolean(stack?.contractsAvailable && address);
  const { data: allowance, refetch: refetchAllowance } = useQuery({
    queryKey: ['usdc-allowance', address],
    queryFn: () => stack!.readAllowance(address!),
    enabled: canPay,
  });
  const { data: bundles = 'none' } = useQuery({
    queryKey: ['bundle-support', address],
    queryFn: () => stack!.bundleSupport(),
    enabled: canPay,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const oneTapSupported = bundles !== 'none';

  const relayed = Boolean(stack?.batteryRelay);
  // Set once the wallet said it has no eth_signTypedData_v4; kept in the query cache for the session.
  const queryClient = useQueryClient();
  const { data: cannotSignTypedData = false } = useQuery({
    queryKey: cannotSignTypedDataKey(address),
    queryFn: () => false,
    enabled: canPay && relayed,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  const [approvePhase, setApprovePhase] = useState<TxPhase>('idle');
  const [approveError, setApproveError] = useState<string | null>(null);
  const [buyPhase, setBuyPhase] = useState<TxPhase>('idle');
  const [oneTapPhase, setOneTapPhase] = useState<TxPhase>('idle');
  const [oneTapError, setOneTapError] = useState<string | null>(null);
  const [signedPhase, setSignedPhase] = useState<TxPhase>('idle');
  const [signedError, setSignedError] = useState<string | null>(null);
  const [signedRefused, setSignedRefused] = useState(false);

  const onInstalled = useCallback(
    (expiryMs: number) => {
      onRevived(expiryMs);
      setBuyPhase('done');
      // The purchase spent the allowance: a later revival needs a new approval.
      setApprovePhase('idle');
      void refetchAllowance();
    },
    [onRevived, refetchAllowance],
  );
  const install = useBatteryInstall({ post, onInstalled });

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
    await install(chain, agentId);
  }, [agentId, wallet, post, install]);

  const runOneTap = useCallback(async () => {
    if (!agentId || !address) return;
    setOneTapError(null);
    setOneTapPhase('pending');
    const fail = (message: string, text: string) => {
      setOneTapError(message);
      setOneTapPhase('error');
      post({ text, sender: 'ajax' });
    };
    let chain: WalletStack;
    let expiryBefore: number;
    let bundleId: string;
    try {
      chain = await wallet.load();
      // The expiry before, to tell afterwards whether the purchase landed.
      expiryBefore = await chain.readExpiryMs(agentId);
      bundleId = await chain.sendRevivalCalls(agentId);
    } catch (error) {
      const message = errorMessage(error);
      fail(message, strings.revivalFailed(message));
      return;
    }
    setOneTapPhase('confirming');
    post({ text: strings.revivalSubmitted, sender: 'ajax' });
    let outcome: 'success' | 'failure' | 'unknown' = 'unknown';
    try {
      outcome = await chain.waitForRevivalCalls(bundleId);
    } catch (error) {
      // The wallet could not say how the bundle ended: the chain tells what landed.
      console.error('Following the revival bundle failed', error);
    }

    let landed: Landed = 'purchase';
    if (outcome !== 'success') {
      try {
        const [expiryAfter, allowanceAfter] = await Promise.all([
          chain.readExpiryMs(agentId),
          chain.readAllowance(address),
        ]);
        if (expiryAfter > expiryBefore) landed = 'purchase';
        else landed = allowanceAfter >= BATTERY_PRICE_USDC ? 'approval' : 'nothing';
      } catch (error) {
        const message = errorMessage(error);
        fail(message, strings.revivalUnclear(message));
        return;
      }
    }
    if (landed === 'purchase') {
      await install(chain, agentId);
      setOneTapPhase('done');
    } else if (landed === 'approval') {
      // A non-atomic wallet landed the approval only: the second step (Buy) takes it from here.
      setOneTapPhase('done');
      setApprovePhase('done');
      setBuyPhase('idle');
      void refetchAllowance();
      post({ text: strings.revivalOnlyApproved, sender: 'ajax' });
      post({ text: strings.usdcApproved, sender: 'ajax', action: 'buy-battery' });
    } else {
      fail(strings.transactionFailed, strings.revivalFailed(strings.transactionFailed));
    }
  }, [agentId, address, wallet, post, install, refetchAllowance]);

  const runSigned = useCallback(async () => {
    if (!agentId) return;
    setSignedError(null);
    setSignedPhase('pending');
    // The other ways, with the reason: the helper message's button turns into the next way (one-tap or allow).
    const fallBack = (text: string) => {
      setSignedRefused(true);
      setSignedPhase('idle');
      post({ text, sender: 'ajax' });
    };
    let chain: WalletStack;
    let txHash: Hash;
    try {
      chain = await wallet.load();
      const body = await chain.signBatteryAuthorization(agentId);
      try {
        // Loaded on use: the relay's request brings the protocol's schemas.
        const { relaySignedBattery } = await import('../battery-relay-request.ts');
        txHash = (await relaySignedBattery(agentId, body)).txHash as Hash;
      } catch (error) {
        fallBack(strings.signedRevivalRefused(errorMessage(error)));
        return;
      }
    } catch (error) {
      if (unsupportedMethod(error)) {
        // Not an error to act on: this wallet has no typed-data signing, the other ways are next.
        queryClient.setQueryData(cannotSignTypedDataKey(address), true);
        fallBack(strings.signedRevivalUnsupported);
        return;
      }
      fallBack(
        rejectedByUser(error) ? strings.signedRevivalRejected : strings.signedRevivalUnavailable(errorMessage(error)),
      );
      return;
    }
    setSignedPhase('confirming');
    post({ text: strings.signedRevivalSubmitted(txHash), sender: 'ajax' });
    try {
      await chain.waitForSuccess(txHash);
    } catch (error) {
      const message = errorMessage(error);
      setSignedError(message);
      setSignedPhase('error');
      post({ text: strings.transactionError(message), sender: 'ajax' });
      return;
    }
    await install(chain, agentId);
    setSignedPhase('done');
  }, [agentId, address, wallet, post, install, queryClient]);

  return {
    available: Boolean(stack?.contractsAvailable),
    allowance,
    // Approved in this session: the approval went through and no purchase has spent it yet.
    approve: { phase: approvePhase, approved: approvePhase === 'done', error: approveError, run: runApprove },
    buy: { phase: buyPhase, run: runBuy },
    oneTap: { supported: oneTapSupported, phase: oneTapPhase, error: oneTapError, run: runOneTap },
    signed: {
      // A wallet that sends calls atomically (a Base Account) revives in one tap instead.
      offered: canPay && relayed && bundles !== 'atomic' && !cannotSignTypedData && !signedRefused,
      phase: signedPhase,
      error: signedError,
      run: runSigned,
    },
  };
}
