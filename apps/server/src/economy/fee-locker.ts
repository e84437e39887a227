/** A twin's trading fees, in the two tokens of its pool. */
export interface TokenFees {
  /** WETH, in wei: paid by buyers of the twin's token. */
  weth: bigint;
  /** The twin's own token, in its smallest unit: paid by sellers. */
  token: bigint;
}

export interface FeeClaimRequest {
  /** The twin's token. */
  token: `0x${string}`;
  /** The twin's wallet: the reward recipient fees are paid to. */
  twinWallet: `0x${string}`;
}

/**
 * Where a twin token's trading fees wait: the local AgentLpLocker, or Clanker v4's fee locker on Base.
 * `claim` is sent from the twin's own wallet (it pays the gas) and moves every available fee to it.
 */
export interface FeeLocker {
  /** The fees the twin's wallet would receive if it claimed now. */
  available(request: FeeClaimRequest): Promise<TokenFees>;
  /** Encodes the claim transactions (none when nothing waits), for the caller to record and send. */
  claimCalls(request: FeeClaimRequest): Promise<FeeClaimCall[]>;
}

/** One transaction of a claim: a contract call with no value. */
export interface FeeClaimCall {
  to: `0x${string}`;
  data: `0x${string}`;
}

export const NO_FEES: TokenFees = { weth: 0n, token: 0n };
