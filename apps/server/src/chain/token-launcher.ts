/** A twin's token: what it is called and whose wallet holds it. */
export interface TokenLaunchRequest {
  name: string;
  symbol: string;
  /** The twin's wallet: receives the supply (locally) or is the token's admin and reward recipient (Clanker). */
  owner: `0x${string}`;
}

export interface LaunchedToken {
  address: `0x${string}`;
  /** The transaction that created it; null when an earlier attempt's token was found instead. */
  txHash: `0x${string}` | null;
}

/**
 * Deploys a twin's token: AgentTokenFactory on the local chain, Clanker on Base. Idempotent per
 * owner: a retry after a crash finds the token an earlier attempt created instead of making a second.
 */
export interface TokenLauncher {
  launch(request: TokenLaunchRequest): Promise<LaunchedToken>;
}
