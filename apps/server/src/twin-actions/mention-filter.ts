/**
 * An @mention in a text: `@` at the start or after a character that cannot be part of an address or
 * another mention, then a Farcaster username (fnames, and ENS names such as `name.eth`).
 */
const MENTION = /(^|[^\w.@/])@([a-z0-9](?:[a-z0-9._-]*[a-z0-9])?)/gi;

/** Every username a text @mentions, lower case, once each. */
export function mentionsIn(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((match) => match[2]!.toLowerCase()))];
}

/**
 * The text with every @mention of someone outside `mayTag` turned into the bare name: a twin never
 * tags an account that the person it answers did not tag. The name stays, so the sentence still reads.
 */
export function withoutStrangerMentions(text: string, mayTag: readonly string[]): string {
  const allowed = new Set(mayTag.map((username) => username.toLowerCase()));
  return text.replace(MENTION, (mention, before: string, username: string) =>
    allowed.has(username.toLowerCase()) ? mention : `${before}${username}`,
  );
}
