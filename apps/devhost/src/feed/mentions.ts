/**
 * A Farcaster @username in a cast's text: fname characters after an "@" that does not follow a
 * word, an "@" or a slash (so e-mail addresses and URLs are left alone).
 */
const MENTION = /(?<![\w@/])(@[a-z0-9][a-z0-9-]{0,15})(?![\w-])/i;

/** `text` cut into plain parts and mentions; mentions are the odd-numbered parts. */
export function splitMentions(text: string): { text: string; mention: boolean }[] {
  return text
    .split(MENTION)
    .map((part, index) => ({ text: part, mention: index % 2 === 1 }))
    .filter((part) => part.text !== '');
}
