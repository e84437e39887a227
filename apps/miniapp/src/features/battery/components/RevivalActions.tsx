import type { ChatAction } from '@fartwin/protocol';
import { strings } from '../../../lib/strings.ts';
import type { Revival, TxPhase } from '../hooks/useRevival.ts';

const isBusy = (phase: TxPhase) => phase === 'pending' || phase === 'confirming';

/** The label a payment step shows while it runs or after it failed; null when it is at rest. */
function stateLabel(phase: TxPhase, error: string | null): string | null {
  if (phase === 'pending') return strings.pending;
  if (phase === 'confirming') return strings.confirming;
  if (phase === 'error') return error ? strings.buttonError(error) : strings.transactionFailed;
  return null;
}

function PaymentButton({ label, disabled, run }: { label: string; disabled: boolean; run: () => Promise<void> }) {
  return (
    <button type="button" className="button button--action" disabled={disabled} onClick={() => void run()}>
      {label}
    </button>
  );
}

/** Disabled while pending, confirming, or already approved in this session. */
function AllowUsdcButton({ revival }: { revival: Revival }) {
  const { phase, approved, error, run } = revival.approve;
  const label = approved ? strings.approved : (stateLabel(phase, error) ?? strings.allowButton);
  return <PaymentButton label={label} disabled={isBusy(phase) || approved || !revival.available} run={run} />;
}

/** Disabled while pending or confirming, and without an agent id. */
export function BuyBatteryButton({ revival, agentId }: { revival: Revival; agentId: string | null }) {
  const { phase, run } = revival.buy;
  // Only the approval's error is worded on its button: Buy keeps its name after an error.
  const label = phase === 'error' ? strings.buyButton : (stateLabel(phase, null) ?? strings.buyButton);
  return <PaymentButton label={label} disabled={isBusy(phase) || !agentId || !revival.available} run={run} />;
}

/**
 * One-tap revival (EIP-5792): approve and buy in one wallet prompt. Disabled like Allow and Buy
 * while it runs; after a failure it shows the error and can be used again.
 */
function ReviveButton({ revival, agentId }: { revival: Revival; agentId: string | null }) {
  const { phase, error, run } = revival.oneTap;
  const label = stateLabel(phase, error) ?? strings.reviveButton;
  const disabled = isBusy(phase) || phase === 'done' || !agentId || !revival.available;
  return <PaymentButton label={label} disabled={disabled} run={run} />;
}

/** Revival with only USDC: one signature, the server pays the gas. Disabled like the others while it runs. */
function SignedReviveButton({ revival, agentId }: { revival: Revival; agentId: string | null }) {
  const { phase, error, run } = revival.signed;
  const label = stateLabel(phase, error) ?? strings.signedReviveButton;
  const disabled = isBusy(phase) || phase === 'done' || !agentId || !revival.available;
  return <PaymentButton label={label} disabled={disabled} run={run} />;
}

/**
 * The button a helper message carries. The allow button shows only while the allowance is missing
 * or zero (or its approval runs in this session); with an allowance already there, the purchase is
 * the next step. A wallet that can send calls together gets one "Revive for 1 USDC" instead of
 * allow-then-buy, until the two-step flow has started. First of all, while it is on offer (every
 * wallet, until it cannot sign typed data or is refused) and no other way has started, the signed
 * revival (one signature, the server pays the gas).
 */
export function RevivalAction({
  action,
  revival,
  agentId,
}: {
  action: ChatAction;
  revival: Revival;
  agentId: string | null;
}) {
  const needsApproval = revival.allowance === undefined || revival.allowance === 0n;
  // Once approving has started in this session the allow button stays, showing its state.
  const approving = revival.approve.phase !== 'idle';
  if (action === 'allow-usdc-spending') {
    const signing = revival.signed.phase !== 'idle';
    if ((revival.signed.offered || signing) && !approving && revival.oneTap.phase === 'idle') {
      return <SignedReviveButton revival={revival} agentId={agentId} />;
    }
    const reviving = revival.oneTap.phase !== 'idle';
    if (revival.oneTap.supported && !approving && (needsApproval || reviving)) {
      return <ReviveButton revival={revival} agentId={agentId} />;
    }
    if (needsApproval || approving) return <AllowUsdcButton revival={revival} />;
  }
  return <BuyBatteryButton revival={revival} agentId={agentId} />;
}
