import { type Character, hasTrait } from './character.ts';
import { measureStyle, type StyleMetrics } from './style.ts';
import { emojisIn, stableHash, stripEmojis } from './text.ts';

/** One sentence of a reply: the twin's own framing, or a whole sentence borrowed from a cast. */
export interface Part {
  text: string;
  own: boolean;
}

export const own = (text: string): Part => ({ text, own: true });

/** Repeatable choices: the same input always picks the same phrasing. */
export interface Picker {
  pick<T>(options: readonly T[]): T;
  /** True with probability `share` (0..1). */
  chance(share: number): boolean;
}

export function seededPicker(seedText: string): Picker {
  let state = stableHash(seedText);
  const next = () => {
    // mulberry32: tiny, deterministic, and seeds that differ by one character still diverge at once.
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 0x1_0000_0000;
  };
  return {
    pick: <T>(options: readonly T[]): T => options[Math.floor(next() * options.length)]!,
    chance: (share: number) => next() < share,
  };
}

/** How one text will look: decided once per text from the measured style and the choices. */
export interface Look {
  casing: 'lower' | 'upper' | 'sentence';
  /** The twin's own sentences end in this instead of a full stop ('' to keep the full stop). */
  exclamation: '' | '!' | '!!!';
  /** Appended at the end, or null. */
  emoji: string | null;
  /** The text ends by asking back. */
  asksBack: boolean;
  /**
   * A full stop at the very end is left off: the person's replies rarely end with one ("finally yes
   * going out"), or they hardly ever write one at all.
   */
  dropsFinalStop: boolean;
  /**
   * Sentences run on with a comma instead of a full stop: the person hardly ever ends a sentence
   * with one ("first tomatoes are blushing, the basil is taller than the cat"). Only for a person in
   * lower case, whose next sentence needs no capital taken down.
   */
  commasForStops: boolean;
}

/**
 * The look of one text. Each habit shows in about the share of texts the person shows it in
 * (exclamation marks, emoji, questions), nudged by their choices (Hyped, Playful, Extrovert), so
 * a set of replies measures like the person's own casts. An Extrovert always asks back (posts
 * decide that on their own).
 */
export function lookFor(
  { character, shouts, writesNoStops }: { character: Character; shouts: boolean; writesNoStops: boolean },
  picker: Picker,
  calm = false,
  reply = false,
): Look {
  const style = reply ? replyStyle(character) : character.style;
  const exclamationShare = hasTrait(character, 'Hyped')
    ? Math.min(1, style.exclamationRate + 0.25)
    : style.exclamationRate * (hasTrait(character, 'Calm') ? 0.8 : 1);
  const emojiShare = hasTrait(character, 'Playful') ? Math.min(1, style.emojiRate + 0.2) : style.emojiRate * 0.9;
  // An Extrovert "asks people back": every time, so the owner sees the choice in the next reply.
  const questionShare = hasTrait(character, 'Extrovert') ? 1 : style.questionRate * 0.8;
  const exclaims = !calm && picker.chance(exclamationShare);
  const emojis = style.favouriteEmojis.slice(0, 3);
  const emoji = !calm && picker.chance(emojiShare) ? picker.pick(emojis.length > 0 ? emojis : ['✨']) : null;
  return {
    casing: shouts ? 'upper' : style.lowercaseRatio >= 0.5 ? 'lower' : 'sentence',
    exclamation: exclaims ? (style.exclamationRate >= 0.8 ? '!!!' : '!') : '',
    emoji,
    asksBack: !calm && picker.chance(questionShare),
    // Someone who hardly ever ends a sentence with a full stop: none at the end of a text either.
    dropsFinalStop: (reply && repliesEndWithoutStop(character.exampleReplies)) || writesNoStops,
    commasForStops: style.lowercaseRatio >= 0.5 && !shouts && writesNoStops,
  };
}

/** A full stop that ends a sentence: not one of an ellipsis, nor one inside a number or "e.g". */
const SENTENCE_STOP = /(?<!\.)\.(?=\s|$)/;
/** Below this share of their casts holding a full stop, the twin's sentences run on with commas. */
const STOP_SHARE = 0.3;

/**
 * Whether the person hardly ever ends a sentence with a full stop: under STOP_SHARE of their texts
 * hold one (too few texts say nothing of it).
 */
export function writesNoStops(texts: readonly string[]): boolean {
  const share = shareHolding(texts, (text) => SENTENCE_STOP.test(text));
  return share !== null && share < STOP_SHARE;
}

/** Below this share of their replies ending with a full stop, a reply of the twin's ends without one. */
const FINAL_STOP_SHARE = 0.3;

/** Whether the person's replies rarely end with a full stop, before any emoji (too few say nothing of it). */
function repliesEndWithoutStop(replies: readonly string[]): boolean {
  const share = shareHolding(replies, (text) => text.endsWith('.') && !text.endsWith('..'));
  return share !== null && share < FINAL_STOP_SHARE;
}

/**
 * The share of texts, their emoji left out, that `holds`; null for fewer than REPLIES_TO_MEASURE
 * with any words, which say nothing of a habit.
 */
function shareHolding(texts: readonly string[], holds: (text: string) => boolean): number | null {
  const worded = texts.map(stripEmojis).filter(Boolean);
  if (worded.length < REPLIES_TO_MEASURE) return null;
  return worded.filter(holds).length / worded.length;
}

/** Letters a reply needs to tell whether the person writes in capitals ("yes" and "ha" say nothing of it). */
const CASING_LETTERS = 12;

/**
 * The person's habits in replies: people ask back, exclaim, add emoji and even capitalise in their
 * replies otherwise than in their posts, so a reply looks like theirs when measured against their
 * own replies (when they have written a few; for casing, a few with a sentence's worth of letters),
 * else against all their casts. Their favourite emoji stay those of all their casts: more of them.
 */
function replyStyle(character: Character): StyleMetrics {
  const replies = character.exampleReplies.filter((reply) => reply.trim().length > 0);
  if (replies.length < REPLIES_TO_MEASURE) return character.style;
  const { exclamationRate, emojiRate, questionRate } = measureStyle(replies);
  const worded = replies.filter((reply) => (reply.match(/\p{L}/gu) ?? []).length >= CASING_LETTERS);
  const lowercaseRatio =
    worded.length >= REPLIES_TO_MEASURE ? measureStyle(worded).lowercaseRatio : character.style.lowercaseRatio;
  return { ...character.style, exclamationRate, emojiRate, questionRate, lowercaseRatio };
}

/** Share of casts written all in capitals (at least a few letters, none lower case). */
export function shoutShare(casts: readonly string[]): number {
  const withLetters = casts.filter((cast) => (cast.match(/\p{L}/gu) ?? []).length >= 4);
  if (withLetters.length === 0) return 0;
  return withLetters.filter((cast) => !/\p{Ll}/u.test(cast)).length / withLetters.length;
}

/**
 * Writes the parts as one text in the person's look: casing, their exclamation habit on the twin's
 * own sentences, a favourite emoji at the end. Borrowed sentences keep their words and punctuation.
 */
export function render(parts: readonly Part[], look: Look, character: Pick<Character, 'username'>): string {
  const sentences = parts.map((part) => {
    let text = part.text.trim();
    if (part.own && look.exclamation && text.endsWith('.') && !text.endsWith('..')) {
      text = text.slice(0, -1) + look.exclamation;
    }
    return text;
  });
  const cased = applyCasing(sentences, parts, look.casing, character.username);
  // Of a person who writes no full stops, the sentences run on as theirs do: with a comma.
  const joined = look.commasForStops
    ? cased.map((sentence, index) =>
        index < cased.length - 1 && /[^.]\.$/.test(sentence) ? `${sentence.slice(0, -1)},` : sentence,
      )
    : cased;
  let text = joined.join(' ');
  if (look.dropsFinalStop && text.endsWith('.') && !text.endsWith('..')) text = text.slice(0, -1);
  if (look.emoji && !/\p{Extended_Pictographic}\ufe0f?$/u.test(text) && !emojisIn(text).includes(look.emoji)) {
    text += ` ${look.emoji}`;
  }
  return text;
}

/**
 * Spans whose case is fixed whatever the style: the username and any other @handle (a shared cast's
 * author: handles are lowercase names, not words), "AI twin"; "gm" unless shouting.
 */
function protectedPattern(username: string, casing: Look['casing']): RegExp {
  const escaped = username.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const greeting = casing === 'upper' ? '' : '|\\bg[mn]\\b';
  return new RegExp(`@(?:${escaped}|[a-z0-9][a-z0-9.-]*)(?:['’]s)?(?![\\w-])|\\bAI twin\\b|\\bAI\\b${greeting}`, 'g');
}

/** Lower or upper case for the whole text; sentence case only for the twin's own sentences (theirs stay as written). */
function applyCasing(
  sentences: readonly string[],
  parts: readonly Part[],
  casing: Look['casing'],
  username: string,
): string[] {
  const pattern = protectedPattern(username, casing);
  return sentences.map((sentence, index) => {
    if (casing === 'sentence' && !parts[index]!.own) return sentence;
    const kept: string[] = [];
    let text = sentence.replace(pattern, (span) => {
      kept.push(span);
      return `\ue000${kept.length - 1}\ue001`;
    });
    if (casing === 'lower') text = text.toLowerCase();
    else if (casing === 'upper') text = text.toUpperCase();
    else {
      text = text
        .replace(/^([¡¿"“'(]?)(\p{Ll})/u, (_, opening: string, letter: string) => opening + letter.toUpperCase())
        .replace(/(^|\s)i(?=['’]\p{L}|[\s,!?]|$)/gu, '$1I');
    }
    return text.replace(/\ue000(\d+)\ue001/g, (_, index: string) => kept[Number(index)]!);
  });
}

/** How long the person's texts run, in characters, after their Concise/Verbose choice. */
export function targetLength(character: Character): number {
  return Math.min(280, Math.max(40, character.style.avgLength * lengthFactor(character)));
}

/** How many of their replies it takes to say how long their replies run. */
const REPLIES_TO_MEASURE = 2;

/**
 * How long the person's replies run: people answer in fewer words than they post, so a reply is
 * measured against their own replies when they have written a few, else against all their casts.
 */
export function replyLength(character: Character): number {
  const replies = character.exampleReplies.map((reply) => reply.trim()).filter((reply) => reply.length > 0);
  if (replies.length < REPLIES_TO_MEASURE) return targetLength(character);
  const mean = replies.reduce((sum, reply) => sum + reply.length, 0) / replies.length;
  return Math.min(280, Math.max(20, mean * lengthFactor(character)));
}

function lengthFactor(character: Character): number {
  return hasTrait(character, 'Concise') ? 0.8 : hasTrait(character, 'Verbose') ? 1.5 : 1;
}
