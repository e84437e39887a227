import type { TokenLaunchInfo } from '@fartwin/protocol';
import type { OperatorWallet } from './operator.ts';

/** The interface twins' tokens are launched through, in every context. */
export const TOKEN_INTERFACE = 'Fartwin';

/** The context of launches recorded before tokens said who launched them: only the interface. */
export const LEGACY_TOKEN_CONTEXT = { interface: TOKEN_INTERFACE } as const;

/**
 * What the factory is given, as strings: the image, and the metadata and context as JSON (clanker-sdk
 * writes them so; the local factory stores them so). A legacy launch has no image or metadata.
 */
export function tokenInfoStrings(info: TokenLaunchInfo | null): { image: string; metadata: string; context: string } {
  return {
    image: info?.image ?? '',
    metadata: info ? JSON.stringify(info.metadata) : '',
    context: JSON.stringify(info?.context ?? LEGACY_TOKEN_CONTEXT),
  };
}

/** A twin's token: what it is called and whose wallet holds it. */
export interface TokenLaunchRequest {
  name: string;
  symbol: string;
  /** The twin's wallet: receives the supply (locally) or is the token's admin and reward recipient (Clanker). */
  owner: `0x${string}`;
  /**
   * 32 random bytes, drawn once per deployment and stored before anything is sent: Clanker's CREATE2
   * salt, so the token's address cannot be computed from public data ahead of the deploy.
   */
  salt: `0x${string}`;
  /**
   * Who launched it, stored with the salt. Part of Clanker's CREATE2 inputs: null for a launch recorded
   * before tokens carried it, which is retried exactly as it was first sent so its address stays.
   */
  info: TokenLaunchInfo | null;
}

/** A token is already at the address this launch would use, and it is not the twin's: draw a new salt. */
export class TokenAddressTaken extends Error {
  constructor(readonly address: `0x${string}`) {
    super(`A token that is not the twin's is already at ${address}`);
    this.name = 'TokenAddressTaken';
  }
}

export interface LaunchedToken {
  address: `0x${string}`;
  /** The transaction that created it; null when an earlier attempt's token was found instead. */
  txHash: `0x${string}` | null;
}

/** How a launch sends its transaction, given by the deploy step. */
export interface TokenLaunchSending {
  /** The operator's wallet, signing through the outbox at the operator's next nonce (outbox/wallet.ts). */
  wallet: OperatorWallet;
  /** Records the sent transaction's hash before its receipt is awaited, so a retry finds it. */
  onSent(hash: `0x${string}`): Promise<unknown>;
}

/**
 * Deploys a twin's token: AgentTokenFactory on the local chain, Clanker on Base. Idempotent per
 * owner and salt: a retry after a crash finds the token an earlier attempt created instead of making
 * a second. Throws TokenAddressTaken when what it finds there is someone else's.
 */
export interface TokenLauncher {
  launch(request: TokenLaunchRequest, sending: TokenLaunchSending): Promise<LaunchedToken>;
}
