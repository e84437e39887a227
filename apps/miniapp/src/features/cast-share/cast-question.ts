import type { Context } from '@farcaster/miniapp-sdk';
import { CHAT_MESSAGE_MAX_CHARS } from '@fartwin/protocol';
import { castShareStrings } from '../../lib/strings.ts';

/** How a cast's author is named to the twin and on screen: @username, else their name, else their fid. */
export function castAuthorName(author: Context.MiniAppUser): string {
  if (author.username) return `@${author.username}`;
  return author.displayName?.trim() || castShareStrings.authorByFid(author.fid);
}

/** What the cast says: its text on one line, or its links when it has no text. */
function castContent(cast: Context.MiniAppCast): string {
  const text = cast.text.replace(/\s+/g, ' ').trim();
  return text || (cast.embeds ?? []).join(' ');
}

const ELLIPSIS = '…';
/** A cut may step back this far (a share of the room) to end on a whole word. */
const WORD_BACKTRACK = 0.2;

/**
 * `text` within `room` characters (UTF-16 units, as the chat's limit counts them): whole as long as
 * it fits, else cut between characters (never inside an emoji or an accented letter), on a word
 * boundary when one is near, and ended with an ellipsis.
 */
export function clip(text: string, room: number): string {
  if (text.length <= room) return text;
  const limit = room - ELLIPSIS.length;
  let end = 0;
  for (const { index, segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    if (index + segment.length > limit) break;
    end = index + segment.length;
  }
  const head = text.slice(0, end);
  const space = head.lastIndexOf(' ');
  const cut = space >= limit * (1 - WORD_BACKTRACK) ? head.slice(0, space) : head;
  return `${cut.trimEnd()}${ELLIPSIS}`;
}

/**
 * The one chat message that asks the twin what it thinks of a shared cast: who wrote it and what it
 * says, within the chat's 4,000 characters (a long cast is cut cleanly, the question stays whole).
 */
export function castQuestion(cast: Context.MiniAppCast): string {
  const author = castAuthorName(cast.author);
  const content = castContent(cast);
  if (!content) return castShareStrings.question(author, '');
  const room = CHAT_MESSAGE_MAX_CHARS - castShareStrings.question(author, ' ').length + 1;
  return castShareStrings.question(author, clip(content, room));
}
