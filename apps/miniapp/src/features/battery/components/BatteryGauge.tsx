import { strings } from '../../../lib/strings.ts';
import { batteryPercentage, formatCountdown } from '../countdown.ts';

function level(percentage: number): 'high' | 'mid' | 'low' | 'empty' {
  if (percentage <= 0) return 'empty';
  if (percentage < 20) return 'low';
  if (percentage < 50) return 'mid';
  return 'high';
}

/**
 * A battery whose expiry is not known yet: neither full nor empty, and never read as dead. While the
 * chain is being asked it says so; once the chain could not answer either, it reads as unknown (the
 * chat says why under its header).
 */
function UnknownBattery({ unreadable }: { unreadable: boolean }) {
  const label = unreadable ? strings.batteryUnknown : strings.batteryChecking;
  return (
    <div className="battery battery--unknown" role="status" aria-label={label} title={label}>
      <div className="battery__shell" aria-hidden="true" />
      <span className="battery__time" data-testid="countdown" aria-hidden="true">
        {strings.countdownUnknown}
      </span>
    </div>
  );
}

/**
 * A battery a person reads at a glance: fill and colour by charge, the countdown beside it.
 * `remainingMs` null: the expiry is not known yet (`unreadable` once the chain could not say).
 */
export function BatteryGauge({
  remainingMs,
  unreadable = false,
}: {
  remainingMs: number | null;
  unreadable?: boolean;
}) {
  if (remainingMs === null) return <UnknownBattery unreadable={unreadable} />;
  const percentage = batteryPercentage(remainingMs);
  const countdown = formatCountdown(remainingMs);
  const dead = remainingMs <= 0;
  return (
    <div className={`battery battery--${level(percentage)}`}>
      {/* biome-ignore lint/a11y/useSemanticElements: a drawn battery; <meter> cannot be styled like one across browsers */}
      <div
        className="battery__shell"
        role="meter"
        aria-label={strings.batteryLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percentage}
        aria-valuetext={dead ? strings.batteryDead : `${percentage}%`}
      >
        <div className="battery__fill" style={{ width: `${percentage}%` }} />
      </div>
      <span className="battery__time" data-testid="countdown">
        {countdown}
      </span>
    </div>
  );
}
