/** Small text helpers shared by the persona and the echo engine. */

const EMOJI_PATTERN = /\p{Extended_Pictographic}(?:\u200d\p{Extended_Pictographic}|\ufe0f)*/gu;
const URL_PATTERN = /https?:\/\/\S+/g;

/** Common English words that say nothing about a person's topics. */
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
which whose quite many`.split(/\s+/),
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
