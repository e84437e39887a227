import type { Agent } from '@fartwin/protocol';

/** The twin as the client derives it from the agent list. */
export interface ActiveTwin {
  fid: number;
  username: string;
  displayName: string;
  pfpUrl: string | null;
  walletAddress: string;
  tokenAddress: string;
  tokenSymbol: string;
  /** Expiry in ms; null when the server does not know it (unknown is never dead). */
  expiryTimestamp: number | null;
  /** ms left until expiry at derivation time; null when the expiry is unknown. */
  lifeSpan: number | null;
  agentId: string;
  welcomeCastHash?: string;
}

export function toActiveTwin(agent: Agent, now = Date.now()): ActiveTwin {
  const { expirationTime } = agent.life;
  const expiryTimestamp = expirationTime === null ? null : expirationTime * 1_000;
  return {
    fid: agent.farcasterClient.fid,
    username: agent.farcasterClient.username,
    displayName: agent.farcasterClient.display_name || agent.name,
    pfpUrl: agent.farcasterClient.pfp_url,
    walletAddress: agent.agentWallet.walletAddress,
    tokenAddress: agent.token.address,
    tokenSymbol: agent.token.symbol,
    expiryTimestamp,
    lifeSpan: expiryTimestamp === null ? null : expiryTimestamp - now,
    agentId: agent.agentId,
  };
}
