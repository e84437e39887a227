import type { Agent } from '@fartwin/protocol';
import type { AgentRecord } from './repository.ts';

/** A stored twin as the list endpoints return it (protocol's Agent); a null expiry is an unknown life. */
export function toApiAgent(agent: AgentRecord, expirationTime: number | null): Agent {
  return {
    agentId: agent.agentId,
    name: agent.twin.displayName,
    status: agent.status,
    farcasterClient: {
      fid: agent.twin.fid,
      username: agent.twin.username,
      display_name: agent.twin.displayName,
      pfp_url: agent.twin.pfpUrl,
    },
    agentWallet: { walletAddress: agent.walletAddress },
    token: { address: agent.token.address, symbol: agent.token.symbol },
    life: { expirationTime },
  };
}
