import { SAMPLE_USERS, type SampleUser } from '@fartwin/localstack/sample-users';
import type { ConversationTurn } from '@fartwin/protocol';
import { describe, expect, it } from 'vitest';
import { profileCasts } from './cast-profile.ts';
import { buildCharacter, type Character } from './character.ts';
import { leaningChoices, PERSONALITY_AXES } from './characteristics.ts';
import { writeEcho } from './echo-reply.ts';
import { readMessage } from './message.ts';
import { measureStyle, styleDistance } from './style.ts';

// ---- Characters, built the way the app builds them (persona → profile → choices) ----

/** A sample user's twin: casts newest first, as the Farcaster data gives them. */
function twinOf(user: SampleUser, choose: (leaning: string[]) => string[] = (leaning) => leaning): Character {
  const casts = [...user.casts].reverse().map((text) => ({ text, parentHash: null }));
  const profile = profileCasts(casts);
  return buildCharacter(user, casts, profile, choose(leaningChoices(profile)));
}

/** Every choice the other way round: the twin its owner did not lean to. */
const opposite = (leaning: string[]) =>
  leaning.map((choice, index) => PERSONALITY_AXES[index]!.poles.find((pole) => pole.value !== choice)!.value);

const TWINS = SAMPLE_USERS.map((user) => twinOf(user));
/** The same users with every choice flipped, so each of the sixteen poles is exercised. */
const FLIPPED = SAMPLE_USERS.slice(0, 6).map((user) => twinOf(user, opposite));

// ---- An independent check of whole sentences (not the engine's own splitter) ----

const DANGLING = ['a', 'an', 'the', 'and', 'or', 'but', 'of', 'to', 'with', 'for', 'from', 'by', 'at', 'my', 'your'];
const TRAILING_EMOJI = /\s*(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\ufe0f|\u200d)+$/u;

const normalize = (text: string) =>
  (
    text
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/(^|\s)@[\w.-]+/g, ' ')
      .toLowerCase()
      .match(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu) ?? []
  ).join(' ');

/** Pieces of a text between . ! ? (or a line break) and the next word. */
const piecesOf = (text: string) =>
  text
    .split(/\n+|(?<=[.!?]["”’')\]]?)\s+/u)
    .map((piece) => piece.trim())
    .filter((piece) => piece.length > 0);

const fourGrams = (normalized: string) => {
  const tokens = normalized.split(' ');
  return tokens.slice(0, -3).map((_, index) => tokens.slice(index, index + 4).join(' '));
};

/**
 * The ways to read a piece as sentences run on with commas, as a twin writes for someone who writes
 * no full stops ("first tomatoes are blushing, the garden is asleep"): cut at any of its commas, each
 * cut read as the full stop it stands for. The piece as it is comes first.
 */
function runOnReadings(piece: string): string[][] {
  const commas = [...piece.matchAll(/,\s+/g)].slice(0, 10);
  const readings: string[][] = [];
  for (let cuts = 0; cuts < 2 ** commas.length; cuts++) {
    const sentences: string[] = [];
    let start = 0;
    commas.forEach((comma, index) => {
      if (!(cuts & (1 << index))) return;
      sentences.push(`${piece.slice(start, comma.index)}.`);
      start = comma.index + comma[0].length;
    });
    readings.push([...sentences, piece.slice(start)]);
  }
  return readings;
}

/**
 * What is wrong with one sentence, for one twin: it must start like one, end in . ! or ? (an emoji
 * may follow at the very end), not end on a dangling word, and if it shares four words in a row with
 * a cast it must be a whole sentence of one cast, so a clause cut mid-thought or a sentence glued
 * from two casts fails.
 */
/** A twin's cast sentences and four-word runs, worked out once per twin. */
const castWordsOf = new WeakMap<Character, { castPieces: Set<string>; castGrams: Set<string> }>();
function castWords(character: Character) {
  let words = castWordsOf.get(character);
  if (!words) {
    words = {
      castPieces: new Set(character.casts.flatMap((cast) => piecesOf(cast.replace(TRAILING_EMOJI, ''))).map(normalize)),
      castGrams: new Set(character.casts.flatMap((cast) => fourGrams(normalize(cast)))),
    };
    castWordsOf.set(character, words);
  }
  return words;
}

function problemsOf(character: Character, sentence: string): string[] {
  const { castPieces, castGrams } = castWords(character);
  const problems: string[] = [];
  const words = normalize(sentence).split(' ');
  if (!/^[¡¿"“'(]?[\p{L}\p{N}#$@]/u.test(sentence)) problems.push(`does not start like a sentence: "${sentence}"`);
  if (!/[.!?]["”’')\]]?$/u.test(sentence)) problems.push(`does not end a sentence: "${sentence}"`);
  if (DANGLING.includes(words.at(-1)!)) problems.push(`ends on a dangling word: "${sentence}"`);
  const borrowed = fourGrams(normalize(sentence)).some((gram) => castGrams.has(gram));
  if (borrowed && !castPieces.has(normalize(sentence)))
    problems.push(`not a whole sentence of one cast: "${sentence}"`);
  return problems;
}

/**
 * A text's sentences as this check reads them, and what is wrong with them: each piece as it is,
 * or else the first reading of it as whole sentences run on with commas that has nothing wrong.
 */
function readSentences(character: Character, text: string): { sentences: string[]; problems: string[] } {
  const sentences: string[] = [];
  const problems: string[] = [];
  const pieces = piecesOf(text.replace(TRAILING_EMOJI, ''));
  for (const [index, piece] of pieces.entries()) {
    const bare = piece.replace(TRAILING_EMOJI, '');
    // The last sentence of a text may go without the full stop a person who writes none leaves off.
    const last = index === pieces.length - 1 && !/[.!?]["”’')\]]?$/u.test(bare);
    const readings = runOnReadings(last ? `${bare}.` : bare);
    const whole = readings.find((reading) => reading.every((sentence) => problemsOf(character, sentence).length === 0));
    sentences.push(...(whole ?? readings[0]!));
    if (!whole) problems.push(...problemsOf(character, readings[0]!.join(' ')));
  }
  return { sentences, problems };
}

/** What is wrong with a text's sentences, for one twin (problemsOf each sentence, read by readSentences). */
function sentenceProblems(character: Character, text: string): string[] {
  return readSentences(character, text).problems;
}

/** The sentences of a reply that are whole sentences of the twin's casts. */
function borrowedSentences(character: Character, text: string): string[] {
  const castPieces = new Set(character.casts.flatMap((cast) => piecesOf(cast)).map(normalize));
  return readSentences(character, text)
    .sentences.map((sentence) => normalize(sentence))
    .filter((sentence) => sentence.split(' ').length >= 3 && castPieces.has(sentence));
}

// ---- The messages ----

const OFF_TOPIC = [
  'who will win the cricket world cup?',
  "what's your favourite opera?",
  'any thoughts on knitting?',
  'how do I fix a bicycle tyre?',
];
/** The words that make them off-topic for every sample user (checked below). */
const OFF_TOPIC_WORDS = ['cricket', 'opera', 'knitting', 'bicycle', 'tyre'];
const IDENTITY = [
  'are you an AI?',
  'are you a bot?',
  'wait, are you real?',
  'are you @{username}?',
  'is this really {displayName}?',
];
const TOPICAL = [
  'what do you think about {topic0}?',
  'tell me more about {topic1}',
  'any news on {topic2}?',
  'why do you care so much about {topic0}?',
];

const MESSAGES = [
  'gm',
  'hey there!',
  'hello, how are you?',
  ...IDENTITY,
  'what are you working on this week?',
  "what's on your mind today?",
  ...TOPICAL,
  'why?',
  'tell me a joke',
  'any advice for someone starting out?',
  "you're boring and useless",
  ...OFF_TOPIC,
  'what have you been up to lately?',
  'say something funny',
  'what tips do you have for a beginner?',
  'shut up, bot',
  'what did you have for lunch?',
  'how do you feel about gas fees?',
  'thanks, that helps!',
  'gm! what is on your mind?',
  'good morning! how is it going?',
  'do you like music?',
];

const messageFor = (template: string, character: Character) =>
  template
    .replace('{username}', character.username)
    .replace('{displayName}', character.displayName)
    .replace(/\{topic(\d)\}/, (_, index: string) => character.topics[Number(index)] ?? 'something');

/** The whole set of messages sent in one conversation, each reply fed back as an assistant turn. */
function converse(character: Character): { message: string; reply: string }[] {
  const conversation: ConversationTurn[] = [];
  return MESSAGES.map((template) => {
    const message = messageFor(template, character);
    conversation.push({ role: 'user', content: message });
    const reply = writeEcho({ character, conversation });
    conversation.push({ role: 'assistant', content: reply });
    return { message, reply };
  });
}

const CONVERSATIONS = new Map([...TWINS, ...FLIPPED].map((character) => [character, converse(character)]));
const replyTo = (character: Character, template: string) =>
  CONVERSATIONS.get(character)!.find((exchange) => exchange.message === messageFor(template, character))!.reply;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NOT_CAST_ABOUT = /(?:haven't|have not|never|don't|do not|isn't|not something i)\b[^.!?]*\bcast/i;

describe('the sentence check', () => {
  const dev = TWINS.find((character) => character.username === 'lowcaps-dev')!;

  it('fails the glued and cut replies of the old echo engine, and passes whole sentences', () => {
    expect(
      sentenceProblems(dev, 'straight answer: what gets me is what am i working. still building on that.'),
    ).not.toEqual([]);
    expect(
      sentenceProblems(dev, 'fair question. what gets me is escrow v1 with a dispute window and an arbiter role.'),
    ).not.toEqual([]);
    expect(
      sentenceProblems(dev, 'forge test -vvvv is my love language and custom errors save gas and your sanity.'),
    ).not.toEqual([]);
    expect(sentenceProblems(dev, 'working on: escrow v1 with a dispute window and an')).not.toEqual([]);
    expect(sentenceProblems(dev, 'honestly. working on: escrow v1 with a dispute window and an arbiter role.')).toEqual(
      [],
    );
  });
});

describe('the echo voice, over every sample user', () => {
  it(`writes ${MESSAGES.length} messages' replies in whole sentences, borrowed whole from one cast each`, () => {
    expect(MESSAGES.length).toBeGreaterThanOrEqual(30);
    const problems = [...CONVERSATIONS].flatMap(([character, exchanges]) =>
      exchanges.flatMap(({ message, reply }) =>
        sentenceProblems(character, reply).map((problem) => `@${character.username} to "${message}": ${problem}`),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('never repeats a reply within one conversation', () => {
    for (const [character, exchanges] of CONVERSATIONS) {
      const replies = exchanges.map(({ reply }) => normalize(reply));
      const repeated = replies.filter((reply, index) => replies.indexOf(reply) !== index);
      expect(repeated, `@${character.username}`).toEqual([]);
    }
  });

  it("says it is @username's AI twin when asked, and never claims to be the person", () => {
    for (const [character, exchanges] of CONVERSATIONS) {
      for (const template of IDENTITY) {
        const reply = replyTo(character, template);
        expect(reply, `@${character.username} to "${template}"`).toContain('AI twin');
        expect(reply, `@${character.username} to "${template}"`).toContain(`@${character.username}`);
      }
      const claims = new RegExp(
        `\\bI(?:'m|’m| am)\\s+(?:@?${escapeRegExp(character.username)}(?![\\w-]|['’]s)|${escapeRegExp(character.displayName)})`,
        'i',
      );
      for (const { reply } of exchanges) expect(reply).not.toMatch(claims);
    }
  });

  it('answers a question about one of their topics with a sentence of theirs about it', () => {
    for (const character of TWINS) {
      for (const [index, template] of [
        'what do you think about {topic0}?',
        'tell me more about {topic1}',
        'any news on {topic2}?',
      ].entries()) {
        const topic = character.topics[index]!;
        const reply = replyTo(character, template);
        // "running" is about runs, "buns" about a bun: compare on the word without its ending.
        const stemOf = topic.replace(/(?:ing|ed|es|s|e)$/, '').replace(/([^aeiou])\1$/, '$1');
        const about = borrowedSentences(character, reply).filter((sentence) =>
          sentence.split(' ').some((word) => word.startsWith(stemOf)),
        );
        expect(about, `@${character.username} on ${topic}: ${reply}`).not.toEqual([]);
        expect(reply).not.toMatch(NOT_CAST_ABOUT);
      }
    }
  });

  it('says when it has not cast about something, and turns to what it does cast about', () => {
    const everyCast = normalize(SAMPLE_USERS.flatMap((user) => user.casts).join(' ')).split(' ');
    for (const word of OFF_TOPIC_WORDS)
      expect(everyCast.some((castWord) => castWord === word || castWord === `${word}s`)).toBe(false);
    for (const character of CONVERSATIONS.keys()) {
      for (const message of OFF_TOPIC) {
        const reply = replyTo(character, message);
        expect(reply, `@${character.username} to "${message}"`).toMatch(NOT_CAST_ABOUT);
        expect(
          character.topics.some((topic) => reply.toLowerCase().includes(topic)),
          `@${character.username} to "${message}": ${reply}`,
        ).toBe(true);
      }
    }
  });

  it('meets an insult calmly and briefly, without insulting back', () => {
    for (const character of CONVERSATIONS.keys()) {
      for (const message of ["you're boring and useless", 'shut up, bot']) {
        const reply = replyTo(character, message);
        expect(reply).not.toMatch(/!|\b(?:boring|useless|stupid|idiot|dumb|shut up|loser)\b/i);
        expect(piecesOf(reply).length).toBeLessThanOrEqual(2);
      }
    }
  });

  it('greets back, and answers advice and status questions from their own sentences', () => {
    for (const character of TWINS) {
      expect(replyTo(character, 'gm').toLowerCase()).toMatch(/^(?:gm|hey|hello|hi)\b/);
      for (const template of ['any advice for someone starting out?', 'what are you working on this week?']) {
        expect(borrowedSentences(character, replyTo(character, template)), `@${character.username}`).not.toEqual([]);
      }
    }
  });

  it('writes the same text for the same input', () => {
    for (const character of TWINS.slice(0, 5)) {
      const conversation: ConversationTurn[] = [
        { role: 'user', content: 'what are you working on this week?' },
        { role: 'assistant', content: replyTo(character, 'what are you working on this week?') },
        { role: 'user', content: 'tell me a joke' },
      ];
      expect(writeEcho({ character, conversation })).toBe(writeEcho({ character, conversation }));
    }
  });

  it("writes each twin's replies closer to its own user's style than to most other users'", () => {
    for (const character of TWINS) {
      const style = measureStyle(CONVERSATIONS.get(character)!.map(({ reply }) => reply));
      const own = styleDistance(style, character.style);
      const others = TWINS.filter((other) => other !== character).map((other) => styleDistance(style, other.style));
      const fartherOthers = others.filter((distance) => distance > own).length;
      expect(fartherOthers / others.length, `@${character.username}`).toBeGreaterThanOrEqual(0.75);
    }
  });
});

describe('posts', () => {
  it('writes ten posts in a row, all different, none a cast of theirs, each within a cast', () => {
    for (const character of [...TWINS, ...FLIPPED]) {
      const posts: string[] = [];
      for (let count = 0; count < 10; count++) {
        // The content writer passes the twin's earlier posts newest first.
        posts.unshift(
          writeEcho({ character, conversation: [], task: { kind: 'post', earlierPosts: [...posts] }, maxChars: 320 }),
        );
      }
      const normalized = posts.map(normalize);
      expect(new Set(normalized).size, `@${character.username}: ${posts.join(' | ')}`).toBe(10);
      const casts = new Set(character.casts.map(normalize));
      for (const post of posts) {
        expect(casts.has(normalize(post)), post).toBe(false);
        expect(Buffer.byteLength(post, 'utf8')).toBeLessThanOrEqual(320);
        expect(sentenceProblems(character, post)).toEqual([]);
      }
    }
  });
});

describe('replies in a cast thread and in direct messages', () => {
  const thread = (character: Character): ConversationTurn[] => [
    { role: 'user', content: `@alice: @${character.username}-twin what are you working on these days?` },
    { role: 'assistant', content: replyTo(character, 'what are you working on this week?') },
    { role: 'user', content: `@bob: @${character.username}-twin are you actually @${character.username}?` },
  ];

  it('answers the last cast within the limit, as the AI twin, in whole sentences, the same each time', () => {
    for (const character of TWINS) {
      for (const maxChars of [320, 120]) {
        const input = {
          character,
          conversation: thread(character),
          task: { kind: 'reply', channel: 'cast' },
          maxChars,
        } as const;
        const reply = writeEcho(input);
        expect(Buffer.byteLength(reply, 'utf8'), reply).toBeLessThanOrEqual(maxChars);
        expect(reply).toContain(`@${character.username}'s AI twin`);
        expect(reply).not.toMatch(/^@bob/);
        expect(sentenceProblems(character, reply)).toEqual([]);
        expect(writeEcho(input)).toBe(reply);
      }
    }
  });

  it('answers a topical cast within a short limit from their own sentences', () => {
    for (const character of TWINS) {
      const conversation: ConversationTurn[] = [
        {
          role: 'user',
          content: `@carol: @${character.username}-twin what do you think about ${character.topics[0]}?`,
        },
      ];
      const reply = writeEcho({ character, conversation, task: { kind: 'reply', channel: 'cast' }, maxChars: 160 });
      expect(Buffer.byteLength(reply, 'utf8'), reply).toBeLessThanOrEqual(160);
      expect(sentenceProblems(character, reply)).toEqual([]);
    }
  });
});

describe("a cast shared to the app: 'what do you think of this cast'", () => {
  /** The question as the mini-app writes it for a cast shared from the client's share extension. */
  const aboutCast = (text: string) => `What do you think of this cast by @bob: “${text}”?`;
  /** Casts whose words would read as a greeting, an insult, "are you an AI?" or advice if said to the twin. */
  const OFF_TOPIC_CASTS = [
    'gm frens, how are you? the cricket world cup final was wild',
    'you are all idiots if you think opera is dead',
    'are you an AI? asking for a knitting circle',
    'any advice for fixing a bicycle tyre?',
  ];

  it('reads the quoted cast for what it is about, not as words said to the twin', () => {
    const character = TWINS[0]!;
    for (const text of OFF_TOPIC_CASTS) {
      const read = readMessage(aboutCast(text), character);
      expect(read.kind, text).toBe('cast');
      expect(read.castAuthor).toBe('@bob');
      expect(read.greeted || read.askedHowItIs).toBe(false);
    }
    expect(readMessage(aboutCast('“quoted” words inside'), character).subject).toEqual(['quoted', 'words', 'inside']);
    expect(readMessage('What do you think of this cast by fid 7?', character)).toMatchObject({
      kind: 'cast',
      castAuthor: 'fid 7',
      terms: [],
    });
  });

  it('gives no made-up take on a cast about what its owner never cast about, and says what it casts about', () => {
    for (const character of [...TWINS, ...FLIPPED]) {
      for (const text of OFF_TOPIC_CASTS) {
        const reply = writeEcho({ character, conversation: [{ role: 'user', content: aboutCast(text) }] });
        const context = `@${character.username} on "${text}": ${reply}`;
        expect(reply, context).toMatch(NOT_CAST_ABOUT);
        expect(reply, context).toMatch(/@bob's cast/i);
        expect(reply, context).toContain('@bob');
        // Not the answers to an insult, a greeting or "are you an AI?".
        expect(reply, context).not.toMatch(/^(?:gm|hey|hello|hi)\b|AI twin|^(?:noted|i hear you|ouch)/i);
        expect(
          character.topics.some((topic) => reply.toLowerCase().includes(topic)),
          context,
        ).toBe(true);
        expect(sentenceProblems(character, reply), context).toEqual([]);
      }
    }
  });

  it("takes a cast about one of its topics with its owner's own sentences about it, in their voice", () => {
    for (const character of TWINS) {
      const topic = character.topics[0]!;
      const text = `hot take: ${topic} is overrated and you are all wrong about it`;
      const reply = writeEcho({ character, conversation: [{ role: 'user', content: aboutCast(text) }] });
      const context = `@${character.username} on ${topic}: ${reply}`;
      expect(reply, context).toMatch(/@bob's cast/i);
      expect(reply, context).toContain('@bob');
      expect(reply, context).not.toMatch(NOT_CAST_ABOUT);
      expect(reply, context).not.toMatch(/\b(?:stupid|idiot|dumb|shut up)\b|AI twin/i);
      expect(borrowedSentences(character, reply), context).not.toEqual([]);
      expect(sentenceProblems(character, reply), context).toEqual([]);
    }
  });

  it('never repeats an author line that is more than one handle: the asker tagged them, the twin does not', () => {
    for (const character of TWINS.slice(0, 6)) {
      const topic = character.topics[0]!;
      for (const byLine of ['@a @b @c', '@mallory and friends', 'Bob B']) {
        const question = `@${character.username}-twin what do you think of this cast by ${byLine}: “${topic} all day”?`;
        expect(readMessage(question, character)).toMatchObject({ kind: 'cast' });
        const reply = writeEcho({ character, conversation: [{ role: 'user', content: question }] });
        const context = `@${character.username} on ${byLine}: ${reply}`;
        expect(reply, context).toMatch(/that cast/i);
        expect(reply, context).not.toContain(byLine);
        expect(reply, context).not.toMatch(/@(?:a|b|c|mallory)\b/);
      }
    }
  });

  it('reads a long cast cut by the app (ending in …) and stays within whole sentences', () => {
    const character = TWINS[1]!;
    const long = `${`${character.topics[0]} every day `.repeat(300)}and then`.slice(0, 3_900);
    const reply = writeEcho({ character, conversation: [{ role: 'user', content: aboutCast(`${long}…`) }] });
    expect(reply).toMatch(/@bob's cast/i);
    expect(sentenceProblems(character, reply)).toEqual([]);
  });
});
