import type { Agent } from '@fartwin/protocol';
import type { TwinRecord } from './repository.ts';

/** A stored twin as the list endpoints return it (protocol's Agent); a null expiry is an unknown life. */
export function toApiTwin(twin: TwinRecord, expirationTime: number | null): Agent {
  return {
    agentId: twin.agentId,
    name: twin.twin.displayName,
    status: twin.status,
    farcasterClient: {
      fid: twin.twin.fid,
      username: twin.twin.username,
      display_name: twin.twin.displayName,
      pfp_url: twin.twin.pfpUrl,
    },
    agentWallet: { walletAddress: twin.walletAddress },
    token: { address: twin.token.address, symbol: twin.token.symbol },
    life: { expirationTime },
  };
}
