/** Small text helpers shared by the persona and the echo engine. */

const EMOJI_PATTERN = /\p{Extended_Pictographic}(?:\u200d\p{Extended_Pictographic}|\ufe0f)*/gu;
const URL_PATTERN = /https?:\/\/\S+/g;

/**
 * Common English words that say nothing about a person's topics, and Spanish function words (some
 * users cast in both languages).
 */
const STOPWORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being
below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during
each few for from further get gets got had hadn't has hasn't have haven't having he he'd he'll he's her here
here's hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself
just let's like me more most much my myself no nor not now of off on once only or other ought our ours
ourselves out over own really same she she'd she'll she's should shouldn't so some still such than that
that's the their theirs them themselves then there there's these they they'd they'll they're they've this
those through to too under until up very was wasn't we we'd we'll we're we've were weren't what what's when
when's where where's which while who who's whom why why's will with won't would wouldn't you you'd you'll
you're you've your yours yourself yourselves one two new day today time thing things going make made way
lot even every ever yet ok okay yes yeah gonna gotta want need think know see good great rather
which whose quite many dont didnt doesnt isnt wasnt cant wont im ive id youre theyre thats whats lets
de la el en es lo los las un una por para con que del al se su sus mi mis y o pero como más muy hay
todo este esta sin hoy ahora también cómo qué`.split(/\s+/),
);

/** Lower-case word tokens (letters, digits, apostrophes), without links. */
export function words(text: string): string[] {
  return (
    text
      .replace(URL_PATTERN, ' ')
      .toLowerCase()
      .match(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu) ?? []
  );
}

/** Words that carry meaning: no stopwords, no very short tokens, no bare numbers. */
export function contentWords(text: string): string[] {
  return words(text).filter((word) => word.length >= 3 && !STOPWORDS.has(word) && !/^\d+$/.test(word));
}

export function emojisIn(text: string): string[] {
  return text.match(EMOJI_PATTERN) ?? [];
}

export function stripEmojis(text: string): string {
  return text
    .replace(EMOJI_PATTERN, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** For comparing texts regardless of case, spacing and punctuation. */
export function normalizeForComparison(text: string): string {
  return words(text).join(' ');
}

/**
 * A word's matching key: plural and -ing/-ed endings and a final e dropped, so "baking", "baked"
 * and "bake" (or "contracts" and "contract") find each other. Only ever compared, never shown.
 */
export function stem(word: string): string {
  let key = word.replace(/['’]s$/, '');
  if (key.length > 4 && key.endsWith('ies')) key = `${key.slice(0, -3)}y`;
  else if (key.length > 3 && /[^su]s$/.test(key) && !key.endsWith('is')) key = key.slice(0, -1);
  if (key.length > 5 && key.endsWith('ing')) key = key.slice(0, -3);
  else if (key.length > 4 && key.endsWith('ed')) key = key.slice(0, -2);
  if (key.length > 3 && /([^lsfz])\1$/.test(key)) key = key.slice(0, -1);
  if (key.length > 3 && key.endsWith('e')) key = key.slice(0, -1);
  return key;
}

/** What a text is searched and matched by: its content words, stemmed. */
export function searchTerms(text: string): string[] {
  return contentWords(text).map(stem);
}

/**
 * True when two texts say nearly the same thing: the same words, or word sets that overlap by
 * at least `threshold` (Jaccard), so a reworded opener does not make a repeat look new.
 */
export function nearlyEqual(a: string, b: string, threshold = 0.7): boolean {
  return nearlyEqualNormalized(normalizeForComparison(a), normalizeForComparison(b), threshold);
}

/** nearlyEqual for texts already normalised (normalizeForComparison), when one side is compared many times. */
export function nearlyEqualNormalized(left: string, right: string, threshold = 0.7): boolean {
  if (left === right) return true;
  const leftWords = new Set(left.split(' '));
  const rightWords = new Set(right.split(' '));
  let shared = 0;
  for (const word of leftWords) if (rightWords.has(word)) shared++;
  return shared / (leftWords.size + rightWords.size - shared) >= threshold;
}

/** The text with its first letter upper-case. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A share (0..1) as a whole percentage, e.g. "42%". */
export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** A stable 32-bit hash (FNV-1a), to make "random" choices repeatable for the same input. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
