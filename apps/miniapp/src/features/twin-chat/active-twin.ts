import type { Agent } from '@fartwin/protocol';

/** The twin as the client derives it from the agent list (SPEC.md §3). */
export interface ActiveTwin {
  fid: number;
  username: string;
  displayName: string;
  pfpUrl: string | null;
  walletAddress: string;
  tokenAddress: string;
  tokenSymbol: string;
  /** Expiry in ms. */
  expiryTimestamp: number;
  /** ms left until expiry at derivation time. */
  lifeSpan: number;
  agentId: string;
  welcomeCastHash?: string;
}

export function toActiveTwin(agent: Agent, now = Date.now()): ActiveTwin {
  const expiryTimestamp = agent.life.expirationTime * 1_000;
  return {
    fid: agent.farcasterClient.fid,
    username: agent.farcasterClient.username,
    displayName: agent.farcasterClient.display_name || agent.name,
    pfpUrl: agent.farcasterClient.pfp_url,
    walletAddress: agent.agentWallet.walletAddress,
    tokenAddress: agent.token.address,
    tokenSymbol: agent.token.symbol,
    expiryTimestamp,
    lifeSpan: expiryTimestamp - now,
    agentId: agent.agentId,
  };
}
