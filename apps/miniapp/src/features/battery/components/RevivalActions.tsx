import type { ChatAction } from '@fartwin/protocol';
import { strings } from '../../../lib/strings.ts';
import type { Revival, TxPhase } from '../hooks/useRevival.ts';

function busyLabel(phase: TxPhase): string | null {
  if (phase === 'pending') return strings.pending;
  if (phase === 'confirming') return strings.confirming;
  return null;
}

/** SPEC.md §5: disabled while pending, confirming, or already approved in this session. */
function AllowUsdcButton({ revival }: { revival: Revival }) {
  const { phase, approved, error } = revival.approve;
  const disabled = phase === 'pending' || phase === 'confirming' || approved || !revival.available;
  let label = busyLabel(phase) ?? strings.allowButton;
  if (approved) label = strings.approved;
  else if (phase === 'error') label = error ? strings.buttonError(error) : strings.transactionFailed;
  return (
    <button
      type="button"
      className="button button--action"
      disabled={disabled}
      onClick={() => void revival.approve.run()}
    >
      {label}
    </button>
  );
}

/** SPEC.md §5: disabled while pending or confirming, and without an agent id. */
export function BuyBatteryButton({ revival, agentId }: { revival: Revival; agentId: string | null }) {
  const { phase } = revival.buy;
  const disabled = phase === 'pending' || phase === 'confirming' || !agentId || !revival.available;
  return (
    <button type="button" className="button button--action" disabled={disabled} onClick={() => void revival.buy.run()}>
      {busyLabel(phase) ?? strings.buyButton}
    </button>
  );
}

/**
 * The button a helper message carries. The allow button shows only while the allowance is missing
 * or zero (or its approval runs in this session); with an allowance already there, the purchase is
 * the next step.
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
  if (action === 'allow-usdc-spending' && (needsApproval || approving)) return <AllowUsdcButton revival={revival} />;
  return <BuyBatteryButton revival={revival} agentId={agentId} />;
}
