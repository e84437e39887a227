import { CastSearch } from './cast-search.ts';
import { type Character, hasTrait } from './character.ts';
import { contentWords, normalizeForComparison, stableHash, stripEmojis, words } from './text.ts';

/**
 * The offline twin's voice: answers a message from the user's own casts. It finds the casts that
 * match the message (BM25), takes fragments of them (never a whole cast), frames them the way the
 * eight choices say (tone, outlook, role, openness…) and writes the result in the user's measured
 * style (length, casing, emoji, exclamation and question habits). Deterministic for one input.
 */
export function writeEchoReply(character: Character, message: string): string {
  const pick = seededPicker(`${character.fid}:${message}`);
  const fragments = relevantFragments(character, message, pick);
  const { style } = character;
  const targetLength = Math.max(
    35,
    style.avgLength * (hasTrait(character, 'Concise') ? 0.8 : hasTrait(character, 'Verbose') ? 1.5 : 1),
  );

  const sentences: string[] = [];
  const opener = pick(openers(character));
  const bridge = pick(hasTrait(character, 'Skeptic') ? SKEPTIC_BRIDGES : OPTIMIST_BRIDGES);
  const connector = pick(hasTrait(character, 'Technical') ? TECHNICAL_CONNECTORS : CASUAL_CONNECTORS);
  const [first, ...rest] = fragments;
  sentences.push(first ? `${opener} ${bridge} ${first}` : `${opener} ${pick(noMemoryLines(character))}`);
  for (const fragment of rest) {
    if (sentences.join(' ').length >= targetLength) break;
    sentences.push(`${connector} ${fragment}`);
  }
  const length = () => sentences.join(' ').length;
  if (length() < targetLength * 1.2) {
    sentences.push(pick(hasTrait(character, 'Builder') ? BUILDER_CLOSERS : OBSERVER_CLOSERS));
  }
  if (hasTrait(character, 'Open') && character.topics[0] && length() < targetLength * 1.3) {
    sentences.push(`i've been thinking about ${character.topics[0]} a lot lately`);
  }

  // An Extrovert always asks back; otherwise only people who often ask questions do.
  const asks = hasTrait(character, 'Extrovert') || style.questionRate >= 0.5;
  const exclaims = hasTrait(character, 'Hyped') ? style.exclamationRate >= 0.15 : style.exclamationRate >= 0.35;
  const usesEmoji = hasTrait(character, 'Playful') ? style.emojiRate >= 0.15 : style.emojiRate >= 0.35;

  let reply = sentences.map((sentence) => sentence.trim()).join(exclaims ? '! ' : '. ');
  reply += exclaims ? '!' : '.';
  if (asks) reply += ` ${pick(hasTrait(character, 'Extrovert') ? EXTROVERT_QUESTIONS : PLAIN_QUESTIONS)}`;
  reply = style.lowercaseRatio >= 0.5 ? reply.toLowerCase() : sentenceCase(reply);
  if (usesEmoji) reply += ` ${style.favouriteEmojis[0] ?? '✨'}`;
  return reply;
}

/** Splits a reply into stream chunks of a few words, as a model would stream tokens. */
export function chunkReply(reply: string, wordsPerChunk = 3): string[] {
  const pieces = reply.match(/\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < pieces.length; index += wordsPerChunk) {
    chunks.push(pieces.slice(index, index + wordsPerChunk).join(''));
  }
  return chunks;
}

const SERIOUS_OPENERS = ['Honestly,', 'Fair question.', 'Straight answer:'];
const PLAYFUL_OPENERS = ['haha ok', 'lol okay so', 'ok ok'];
const HYPED_OPENERS = ['oh this is big', 'yes yes', 'lfg'];
const OPTIMIST_BRIDGES = ['the way i see it,', 'good news is', 'what gets me is'];
const SKEPTIC_BRIDGES = ['not sold yet, but', 'the catch is', 'careful though,'];
const TECHNICAL_CONNECTORS = ['concretely,', 'in practice', 'the detail that matters:'];
const CASUAL_CONNECTORS = ['and honestly', 'also', 'plus'];
const BUILDER_CLOSERS = ['still building on that', 'shipping more of it soon', 'working on exactly this'];
const OBSERVER_CLOSERS = ['watching how it plays out', 'curious where this goes', 'taking notes from the sidelines'];
const EXTROVERT_QUESTIONS = ["what's your take?", 'you?', 'what are you working on?'];
const PLAIN_QUESTIONS = ['right?', 'make sense?'];

function openers(character: Character): string[] {
  if (hasTrait(character, 'Hyped')) return HYPED_OPENERS;
  return hasTrait(character, 'Playful') ? PLAYFUL_OPENERS : SERIOUS_OPENERS;
}

function noMemoryLines(character: Character): string[] {
  const topic = character.topics[0];
  return topic
    ? [`i mostly cast about ${topic}`, `ask me about ${topic}`]
    : ["i haven't cast enough to have a take yet", 'nothing from me on that yet'];
}

/**
 * Fragments of the casts that best match the message, most relevant first. With no match the
 * twin falls back on casts about its main topics, so it still sounds like the user.
 */
function relevantFragments(character: Character, message: string, pick: Picker): string[] {
  const search = new CastSearch(character.casts);
  let sources = search.search(message, 3).map((hit) => character.casts[hit.index]!);
  if (sources.length === 0) {
    const topical = search.search(character.topics.join(' '), 6).map((hit) => character.casts[hit.index]!);
    const pool = topical.length > 0 ? topical : character.casts.slice(0, 6);
    const firstSource = pick(pool);
    sources = firstSource ? [firstSource, ...pool.filter((cast) => cast !== firstSource).slice(0, 1)] : [];
  }
  const queryWords = new Set(contentWords(message));
  const fragments = sources.flatMap((cast) =>
    clausesOf(cast)
      .map((clause) => ({ clause, overlap: contentWords(clause).filter((word) => queryWords.has(word)).length }))
      .sort((a, b) => b.overlap - a.overlap)
      .slice(0, 1)
      .map(({ clause }) => shortenBelowWholeCast(clause, cast)),
  );
  const unique = [...new Set(fragments.filter((fragment): fragment is string => fragment !== null))];
  // A guard on top of shortening: no fragment may reproduce any whole cast of the user.
  const wholeCasts = character.casts.map(normalizeForComparison).filter((cast) => cast.split(' ').length >= 3);
  return unique.filter((fragment) => !wholeCasts.some((cast) => normalizeForComparison(fragment).includes(cast)));
}

/** A cast's clauses, cleaned: no links, mentions or emoji, no edge punctuation. */
function clausesOf(cast: string): string[] {
  const cleaned = stripEmojis(cast.replace(/https?:\/\/\S+/g, ' ').replace(/(^|\s)@\w[\w.-]*/g, ' '));
  return cleaned
    .split(/[.!?;:\n]+|\s[-–—]\s/)
    .map((clause) => clause.replace(/^[\s,"'“”()]+|[\s,"'“”()]+$/g, '').trim())
    .filter((clause) => words(clause).length >= 3);
}

/** Words a fragment should not end on: it would read as cut off mid-thought. */
const DANGLING = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'but',
  'of',
  'to',
  'for',
  'in',
  'on',
  'at',
  'with',
  'by',
  'is',
  'are',
  'was',
  'my',
  'your',
  'their',
  'its',
  'that',
  'than',
  'as',
  'from',
  'into',
  'so',
]);

/**
 * Keeps at most all but two of the cast's words, so the twin paraphrases instead of quoting, and
 * ends the fragment on a word that can end a phrase.
 */
function shortenBelowWholeCast(clause: string, cast: string): string | null {
  const limit = Math.min(14, words(cast).length - 2);
  if (limit < 3) return null;
  const kept = clause.split(/\s+/).slice(0, limit);
  while (
    kept.length > 3 &&
    DANGLING.has(
      kept
        .at(-1)!
        .toLowerCase()
        .replace(/[^\p{L}']/gu, ''),
    )
  )
    kept.pop();
  const fragment = kept.join(' ').replace(/[\s,;:–—-]+$/, '');
  // Lower-case a capital that only started the cast's sentence ("Spent" → "spent"; not "ZK" or "I").
  return fragment.replace(/^(?!I\b)(\p{Lu})(?=[\p{Ll}\s])/u, (letter) => letter.toLowerCase());
}

function sentenceCase(text: string): string {
  return text
    .replace(/(^|[.!?]\s+)(\p{Ll})/gu, (_, boundary: string, letter: string) => boundary + letter.toUpperCase())
    .replace(/\bi(?=\b|')/g, 'I');
}

type Picker = <T>(options: readonly T[]) => T;

/** Repeatable choices: the same twin and message always pick the same phrasing. */
function seededPicker(seedText: string): Picker {
  let state = stableHash(seedText) || 1;
  return <T>(options: readonly T[]): T => {
    // xorshift32: tiny, deterministic, good enough to vary phrasing.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return options[(state >>> 0) % options.length]!;
  };
}
