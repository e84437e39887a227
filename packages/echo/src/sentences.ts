import { stripEmojis, words } from './text.ts';

/**
 * Words a sentence cannot end on without reading as cut off mid-thought ("…with a dispute window
 * and the"). Words like "on" or "in" are left out: "what am i working on?" is whole.
 */
const DANGLING_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'nor',
  'but',
  'of',
  'to',
  'with',
  'for',
  'from',
  'by',
  'at',
  'as',
  'than',
  'into',
  'because',
  'my',
  'your',
  'their',
  'our',
  'its',
]);

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = /(?:^|[\s(])(?:e\.g|i\.e|vs|dr|mr|mrs|ms|st|approx|cf)\.$/i;

/**
 * A text's sentences, whole and in order. A sentence ends at . ! or ? followed by a space or a
 * new line, not at an ellipsis (a pause), an abbreviation or a list number ("1. use a…").
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\n+/)) {
    let start = 0;
    for (const boundary of line.matchAll(/[.!?]+["”’')\]]*(?=\s+)/g)) {
      const end = boundary.index + boundary[0].length;
      const punctuation = boundary[0].replace(/["”’')\]]+$/, '');
      const before = line.slice(start, end);
      const after = line.slice(end).trimStart();
      if (/^\.{2,}$/.test(punctuation)) continue;
      if (ABBREVIATIONS.test(before)) continue;
      if (/(?:^|[\s:])\d{1,2}\.$/.test(before) && /^\p{Ll}/u.test(after)) continue;
      sentences.push(before.trim());
      start = end;
    }
    sentences.push(line.slice(start).trim());
  }
  return sentences.filter((sentence) => sentence.length > 0);
}

/** One whole sentence of a cast, ready to be said again. */
export interface CastSentence {
  /** The sentence as the twin may say it: whole, ending in . ! ? (emoji, links and mentions at its edges removed). */
  text: string;
  /** Which cast it comes from (an index into character.casts, newest first). */
  castIndex: number;
  /** Its place in that cast, and how many sentences the cast has. */
  position: number;
  ofSentences: number;
  /**
   * Whether it can be said on its own: three words or more. Shorter ones ("Literally.") are only
   * said with the sentences around them.
   */
  standalone: boolean;
}

/**
 * Every sentence of the casts that can be borrowed whole. Sentences that would need cutting to
 * read well (a mention or link mid-sentence, a list number, a dangling end) are left out rather
 * than repaired: the twin never says a piece of a sentence.
 */
export function castSentences(casts: readonly string[]): CastSentence[] {
  return casts.flatMap((cast, castIndex) => {
    const parts = splitSentences(cast);
    return parts.flatMap((part, position) => {
      const text = borrowable(part);
      if (!text) return [];
      const standalone = words(stripEmojis(text)).length >= 3;
      return [{ text, castIndex, position, ofSentences: parts.length, standalone }];
    });
  });
}

const EDGE_NOISE =
  /^(?:\s|@\w[\w.-]*|https?:\/\/\S+|\p{Extended_Pictographic}|\ufe0f|\u200d)+|(?:\s|@\w[\w.-]*|https?:\/\/\S+|\p{Extended_Pictographic}|\ufe0f|\u200d|\p{Emoji_Modifier})+$/gu;

/** A sentence as the twin may repeat it, lightly adapted; null when it cannot be used whole. */
function borrowable(sentence: string): string | null {
  let text = sentence.replace(EDGE_NOISE, '').trim();
  // "(Not legal advice.)": the brackets only set it apart from the sentence before.
  const wrapped = text.match(/^\((.+)\)$/);
  if (wrapped) text = wrapped[1]!.trim();
  text = text.replace(/…$/, '...').replace(/[\s,;:–—-]+$/, '');
  if (!/[.!?]["”’')\]]*$/.test(text)) text += '.';
  if (/https?:\/\/|(?:^|\s)@\w/.test(text)) return null;
  if (/^\d{1,2}\.\s/.test(text)) return null;
  if (!/^[¡¿"“'(]?[\p{L}\p{N}#$]/u.test(text)) return null;
  const tokens = words(stripEmojis(text));
  if (tokens.length === 0 || DANGLING_WORDS.has(tokens.at(-1)!)) return null;
  return text;
}
