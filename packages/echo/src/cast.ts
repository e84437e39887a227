/**
 * What the engine reads of Farcaster, as plain data: a provider's own cast and user types satisfy
 * these (they have these fields and more), so the engine never depends on where the data came from.
 */

/** One of the owner's casts: its words, and whether (and to what) it replies. */
export interface OwnerCast {
  text: string;
  /** Set when the cast replies to another cast. */
  parentHash: string | null;
  /** The text of the cast it replies to, where the provider gives it. */
  parentText?: string | null;
}

/** The account a twin speaks for. */
export interface OwnerAccount {
  fid: number;
  username: string;
  displayName: string;
  bio: string;
}
