import { useState } from 'react';
import { strings } from '../../../lib/strings.ts';
import { BatteryGauge } from '../../battery/index.ts';
import { ajax } from '../../helper-bot/index.ts';
import { HowItWorksModal } from '../../how-it-works/index.ts';
import type { ActiveTwin } from '../active-twin.ts';

/** The twin's picture, names and token, and its battery. */
export function TwinHeader({ twin, remainingMs }: { twin: ActiveTwin | null; remainingMs: number | null }) {
  const [showHelp, setShowHelp] = useState(false);
  return (
    <header className="twin-header">
      <img className="twin-header__pfp" src={twin?.pfpUrl || ajax.picture} alt="" width={44} height={44} />
      <div className="twin-header__names">
        <strong className="twin-header__name">{twin?.displayName ?? ''}</strong>
        <span className="twin-header__meta">
          {twin ? `@${twin.username}` : ''}
          {twin?.tokenSymbol ? ` · $${twin.tokenSymbol}` : ''}
        </span>
      </div>
      {remainingMs !== null ? <BatteryGauge remainingMs={remainingMs} /> : null}
      <button
        type="button"
        className="icon-button"
        aria-label={strings.howItWorksOpen}
        title={strings.howItWorksOpen}
        onClick={() => setShowHelp(true)}
      >
        ?
      </button>
      <HowItWorksModal open={showHelp} onClose={() => setShowHelp(false)} />
    </header>
  );
}
