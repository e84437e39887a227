import { useState } from 'react';
import { ChatHeader } from '../../../components/chat/ChatHeader.tsx';
import { strings } from '../../../lib/strings.ts';
import { BatteryGauge } from '../../battery/index.ts';
import { ajax } from '../../helper-bot/index.ts';
import { HowItWorksModal } from '../../how-it-works/index.ts';
import type { ActiveTwin } from '../active-twin.ts';

export interface TwinHeaderProps {
  twin: ActiveTwin | null;
  /** ms left; null while the expiry is unknown. */
  remainingMs: number | null;
  /** The expiry is unknown and the chain could not be read either. */
  batteryUnreadable: boolean;
}

/** The twin's picture, names and token, and its battery. */
export function TwinHeader({ twin, remainingMs, batteryUnreadable }: TwinHeaderProps) {
  const [showHelp, setShowHelp] = useState(false);
  const handle = twin ? `@${twin.username}` : '';
  const token = twin?.tokenSymbol ? ` · $${twin.tokenSymbol}` : '';
  return (
    <ChatHeader picture={twin?.pfpUrl || ajax.picture} name={twin?.displayName ?? ''} meta={handle + token}>
      {twin ? <BatteryGauge remainingMs={remainingMs} unreadable={batteryUnreadable} /> : null}
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
    </ChatHeader>
  );
}
