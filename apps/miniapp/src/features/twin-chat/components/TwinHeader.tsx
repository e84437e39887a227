import { ChatHeader } from '../../../components/chat/ChatHeader.tsx';
import { BatteryGauge } from '../../battery/index.ts';
import { ajax } from '../../helper-bot/index.ts';
import { HowItWorksButton } from '../../how-it-works/index.ts';
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
  const handle = twin ? `@${twin.username}` : '';
  const token = twin?.tokenSymbol ? ` · $${twin.tokenSymbol}` : '';
  return (
    <ChatHeader picture={twin?.pfpUrl || ajax.picture} name={twin?.displayName ?? ''} meta={handle + token}>
      {twin ? <BatteryGauge remainingMs={remainingMs} unreadable={batteryUnreadable} /> : null}
      <HowItWorksButton />
    </ChatHeader>
  );
}
