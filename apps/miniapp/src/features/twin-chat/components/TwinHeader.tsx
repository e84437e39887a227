import { ChatHeader } from '../../../components/chat/ChatHeader.tsx';
import { OfflineModeBadge } from '../../../components/chat/OfflineModeBadge.tsx';
import { BatteryGauge } from '../../battery/index.ts';
import { ajax } from '../../helper-bot/index.ts';
import { HowItWorksButton } from '../../how-it-works/index.ts';
import { TwinEconomy } from '../../twin-economy/index.ts';
import { ProfileAction, TwinLinks } from '../../twin-links/index.ts';
import type { ActiveTwin } from '../active-twin.ts';

export interface TwinHeaderProps {
  twin: ActiveTwin | null;
  /** ms left; null while the expiry is unknown. */
  remainingMs: number | null;
  /** The expiry is unknown and the chain could not be read either. */
  batteryUnreadable: boolean;
  /** A reply came from the echo engine: the header says "offline mode" once, and what it means. */
  offline?: boolean;
}

/**
 * The twin's picture and names (they open its profile), its battery, and under them its token and
 * a way to share it.
 */
export function TwinHeader({ twin, remainingMs, batteryUnreadable, offline = false }: TwinHeaderProps) {
  const handle = twin ? `@${twin.username}` : '';
  return (
    <>
      <ChatHeader
        picture={twin?.pfpUrl || ajax.picture}
        name={twin?.displayName ?? ''}
        meta={handle}
        identity={(who) =>
          twin ? (
            <ProfileAction fid={twin.fid} username={twin.username} address={twin.walletAddress}>
              {who}
            </ProfileAction>
          ) : (
            who
          )
        }
      >
        {offline ? <OfflineModeBadge /> : null}
        {twin ? <BatteryGauge remainingMs={remainingMs} unreadable={batteryUnreadable} /> : null}
        <HowItWorksButton />
      </ChatHeader>
      {twin ? (
        <TwinLinks
          agentId={twin.agentId}
          name={twin.displayName}
          tokenAddress={twin.tokenAddress}
          tokenSymbol={twin.tokenSymbol}
          dead={remainingMs === 0}
        />
      ) : null}
      {twin?.tokenSymbol ? <TwinEconomy agentId={twin.agentId} /> : null}
    </>
  );
}
