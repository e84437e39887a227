/** A new cast on Farcaster, from the local network's feed or Neynar's `cast.created` webhook. */
export interface IncomingCast {
  hash: string;
  text: string;
  /** `score`: the author's quality score (0 to 1) when the source gives it; else it is looked up. */
  author: { fid: number; username: string; score?: number | null };
  parentHash: string | null;
  /** The author of the cast this one replies to. */
  parentAuthorFid: number | null;
  /**
   * The thread's first cast, as the network says (Neynar's `thread_hash`, the local network's
   * `thread_hash`): every per-thread bound is keyed on it. Null only in jobs queued before casts
   * carried it; those walk up the thread.
   */
  threadHash: string | null;
  /** Mentioned accounts by fid (Neynar) … */
  mentionedFids: number[];
  /** … and by the `@username` (Neynar's mentioned profiles, the text's mentions locally). */
  mentionedUsernames: string[];
}

const MENTION = /(?:^|[^\w.@/])@([a-z0-9][a-z0-9-]{0,15})(?![\w-])/gi;

/** The usernames a cast's text mentions as `@username`, lower case, once each. */
export function mentionedUsernamesIn(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((match) => match[1]!.toLowerCase()))];
}
