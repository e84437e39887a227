/** A new cast on Farcaster, from the local network's feed or Neynar's `cast.created` webhook. */
export interface IncomingCast {
  hash: string;
  text: string;
  author: { fid: number; username: string };
  parentHash: string | null;
  /** The author of the cast this one replies to. */
  parentAuthorFid: number | null;
  /** The thread's first cast, when the source says (Neynar does); otherwise found by walking up. */
  threadHash: string | null;
  /** Mentioned accounts by fid (Neynar) … */
  mentionedFids: number[];
  /** … or by the `@username` in the text (the local network). */
  mentionedUsernames: string[];
}

const MENTION = /(?:^|[^\w.@/])@([a-z0-9][a-z0-9-]{0,15})(?![\w-])/gi;

/** The usernames a cast's text mentions as `@username`, lower case, once each. */
export function mentionedUsernamesIn(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((match) => match[1]!.toLowerCase()))];
}
