import { l as rougeLScore } from 'js-rouge';

/**
 * How close a reply is to what the person really wrote: word overlap (ROUGE-L F1, js-rouge, case
 * folded) and a style distance in 0..1 (0: the same habits) over five measures, each 0..1 — length,
 * casing, emoji, punctuation and topic words — averaged.
 */

/** ROUGE-L F1 of `candidate` against `reference`; 0 when either has no words. */
export function rougeL(candidate: string, reference: string): number {
  if (!/\w/.test(candidate) || !/\w/.test(reference)) return 0;
  return rougeLScore(candidate, reference, { beta: 1, caseSensitive: false });
}

const EMOJI = /\p{Extended_Pictographic}/gu;
const PUNCTUATION = ['.', ',', '!', '?', '—', ':', ';'] as const;
/** Words that say nothing of a topic. */
const STOPWORDS = new Set(
  (
    'a an the and or but if so to of in on at for with by from is are was were be been it its this that these those ' +
    'i me my you your we our they them their he she his her not no yes do does did just very really too also than ' +
    'then what when where why how which who all any some more most much many as up out about into over can will ' +
    "would should could have has had am im i'm it's lol tbh"
  ).split(' '),
);

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

function letters(text: string): { upper: number; all: number } {
  const withoutEmoji = text.replace(EMOJI, '');
  return { upper: count(withoutEmoji, /\p{Lu}/gu), all: count(withoutEmoji, /\p{L}/gu) };
}

/** A share in 0..1, 0 for nothing. */
const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

/** Words of a topic: lowercase, no stopwords, a plural's s dropped. */
export function topicWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  return new Set(
    words
      .filter((word) => word.length > 2 && !STOPWORDS.has(word))
      .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word)),
  );
}

/**
 * The texts of `candidates` that share the most topic words with `reference` (several on a tie); none
 * when no candidate shares a word with it.
 */
export function sharingMostWords(candidates: readonly string[], reference: string): string[] {
  const words = topicWords(reference);
  const sharedBy = candidates.map((text) => [...topicWords(text)].filter((word) => words.has(word)).length);
  const most = Math.max(0, ...sharedBy);
  return most === 0 ? [] : candidates.filter((_, index) => sharedBy[index] === most);
}

export interface StyleDistance {
  length: number;
  casing: number;
  emoji: number;
  punctuation: number;
  topic: number;
  /** The mean of the five. */
  total: number;
}

export function styleDistance(candidate: string, reference: string): StyleDistance {
  const [a, b] = [candidate.trim(), reference.trim()];
  const length = Math.abs(a.length - b.length) / Math.max(1, a.length, b.length);

  // Casing: whether it opens with a capital, and how much of it is upper case (caps words count).
  const [lettersA, lettersB] = [letters(a), letters(b)];
  const opensUpper = (text: string) => (/^[^\p{L}]*\p{Lu}/u.test(text) ? 1 : 0);
  const upperGap = Math.abs(share(lettersA.upper, lettersA.all) - share(lettersB.upper, lettersB.all));
  const casing = (Math.abs(opensUpper(a) - opensUpper(b)) + Math.min(1, upperGap * 5)) / 2;

  const [emojiA, emojiB] = [count(a, EMOJI), count(b, EMOJI)];
  const emoji = Math.abs(emojiA - emojiB) / Math.max(1, emojiA, emojiB);

  // Punctuation: how far apart the two texts' uses of each mark are (Bray-Curtis over the marks' counts).
  const marks = (text: string) => PUNCTUATION.map((mark) => text.split(mark).length - 1);
  const [marksA, marksB] = [marks(a), marks(b)];
  const used = marksA.reduce((sum, value, index) => sum + value + marksB[index]!, 0);
  const punctuation =
    used === 0 ? 0 : marksA.reduce((sum, value, index) => sum + Math.abs(value - marksB[index]!), 0) / used;

  const [wordsA, wordsB] = [topicWords(a), topicWords(b)];
  const union = new Set([...wordsA, ...wordsB]).size;
  const shared = [...wordsA].filter((word) => wordsB.has(word)).length;
  const topic = union === 0 ? 0 : 1 - shared / union;

  return { length, casing, emoji, punctuation, topic, total: (length + casing + emoji + punctuation + topic) / 5 };
}

export interface Score {
  rougeL: number;
  style: number;
}

export function score(candidate: string, reference: string): Score {
  return { rougeL: rougeL(candidate, reference), style: styleDistance(candidate, reference).total };
}

export function meanScore(scores: readonly Score[]): Score {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  return { rougeL: mean(scores.map((s) => s.rougeL)), style: mean(scores.map((s) => s.style)) };
}
