/** A Farcaster profile, as the persona and identity checks need it. */
export interface FarcasterUser {
  fid: number;
  username: string;
  displayName: string;
  pfpUrl: string | null;
  bio: string;
  /** The address that signs the user's Sign In With Farcaster messages. */
  custodyAddress: `0x${string}`;
  /** Addresses the account verified (Neynar's verified_addresses.eth_addresses); none locally. */
  verifiedAddresses?: `0x${string}`[];
  /**
   * The account's quality score, 0 to 1 (Neynar's user score: how likely it is not spam); twins
   * answer only accounts at or above REPLY_MIN_USER_SCORE. Absent or null: unknown.
   */
  score?: number | null;
}

export interface FarcasterCast {
  hash: string;
  text: string;
  /** Set when the cast replies to another cast. */
  parentHash: string | null;
  /** The text of the cast it replies to, where the provider gives it (the local network does). */
  parentText?: string | null;
  createdAt: Date;
}

/** A cast with its author, as a thread shows it. */
export interface ThreadCast {
  hash: string;
  text: string;
  parentHash: string | null;
  author: { fid: number; username: string };
}

/**
 * Read access to Farcaster: the local social network in local mode, Neynar in production.
 * Chosen once at start-up (see services.ts).
 */
export interface FarcasterData {
  getUser(fid: number): Promise<FarcasterUser | null>;
  /** The user's casts, newest first, at most `limit`. */
  getRecentCasts(fid: number, limit: number): Promise<FarcasterCast[]>;
  /** One cast by hash, with its author; null when there is none. */
  getCast(hash: string): Promise<ThreadCast | null>;
}
