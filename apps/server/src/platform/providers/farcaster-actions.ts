import type { LocalAccount } from 'viem';

/** What a new twin's Farcaster account is made with. */
export interface NewAccountRequest {
  /** The twin's wallet: it becomes the account's custody address and signs what registration needs. */
  custody: LocalAccount;
  /** The wanted username; the network may only accept it as given (see `createAccount`). */
  username: string;
  displayName: string;
  bio: string;
  pfpUrl: string | null;
}

export interface CreatedAccount {
  fid: number;
  username: string;
  /** How the service lets the account cast later (Neynar's signer uuid); null where not needed. */
  signerId: string | null;
}

export interface CastRequest {
  account: { fid: number; signerId: string | null };
  text: string;
  /** URLs embedded in the cast. */
  embeds: string[];
  /** The cast this one replies to (a thread reply). */
  parentHash?: string | null;
  /**
   * The same key always gives the same cast: a retried publish must not cast twice (Neynar's
   * `idem`; the local network derives the hash from it).
   */
  idempotencyKey: string;
}

/**
 * Write access to Farcaster for twins: the local social network in local mode, Neynar in
 * production. Both calls are idempotent, because a deploy step may be retried after a crash
 * between doing the work and recording it.
 */
export interface FarcasterActions {
  /**
   * Creates the account, or returns the one that already has this custody address. The username is
   * taken as given when free; otherwise the first free `{username}{n}` (n = 2, 3, …) within the
   * network's length limit.
   */
  createAccount(request: NewAccountRequest): Promise<CreatedAccount>;
  /** Publishes a cast and returns its hash. */
  publishCast(request: CastRequest): Promise<{ hash: string }>;
}
