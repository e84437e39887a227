import { describe, expect, it } from 'vitest';
import type { Character } from './character.ts';
import { writeEcho } from './echo-reply.ts';
import { echoTwin } from './echo-twin.ts';
import * as framing from './framing.ts';
import { readMessage } from './message.ts';
import { NEAREST_INTROS } from './nearest-answer.ts';
import { splitSentences } from './sentences.ts';
import { topTopics } from './topics.ts';
import { replyLength, targetLength } from './voice.ts';

/** A twin of someone who casts about coffee and their garden, with these replies (newest first). */
const twinWith = (replies: readonly string[]): Character =>
  echoTwin({ fid: 6000, username: 'bean-and-basil' }, POSTS, replies);

const POSTS = [
  'Pour over with a light Ethiopian this morning, it tastes like blueberries and I am very happy about it.',
  'Grind finer if your espresso runs fast, that is the whole secret to good coffee in my experience.',
  'The basil is taller than the cat now and the tomatoes are finally turning red in the back garden.',
  'Cold brew steeping overnight, tomorrow I will be grateful for this coffee when the alarm goes off.',
  'Mulch your garden beds before the summer heat, the soil will thank you for it all season long.',
  'Oat milk foams better when it is really cold, I learned that the hard way after many sad lattes.',
  'Planted garlic in the garden today and I will see it again in July when it is ready to pull.',
  'A hand grinder is slow but the coffee tastes better for the wait, every single morning.',
];

const ask = (character: Character, message: string) =>
  writeEcho({ character, conversation: [{ role: 'user', content: message }] });

/**
 * The sentences of a reply that are none of the person's: the twin's own lines. A reply's last full
 * stop follows the person's replies (voice.ts lookFor), so sentences compare without one.
 */
function ownSentences(character: Character, reply: string): string[] {
  const comparable = (sentence: string) => sentence.toLowerCase().replace(/\.$/, '');
  const theirs = character.casts.flatMap((cast) => splitSentences(cast)).map(comparable);
  return splitSentences(reply).filter((sentence) => !theirs.includes(comparable(sentence)));
}

describe('reply length', () => {
  it("measures replies against the person's own replies once they have written a few", () => {
    const replies = ['same here', 'yes, the light roast', 'grind finer'];
    const twin = twinWith(replies);
    const mean = replies.reduce((sum, reply) => sum + reply.length, 0) / replies.length;
    expect(replyLength(twin)).toBeCloseTo(Math.max(20, mean * (twin.traits.Length === 'Concise' ? 0.8 : 1)));
    expect(replyLength(twin)).toBeLessThan(targetLength(twin));
    // One reply says little of how they reply: their casts' length stands.
    expect(replyLength(twinWith(['same here']))).toBe(targetLength(twinWith(['same here'])));
  });
});

describe("the person's reply habits", () => {
  it('asks back and ends with a full stop as their replies do, not as their posts do', () => {
    const asking = twinWith(['same here', 'yes the light roast', 'grind finer', 'oat milk always']);
    const questions = ['what do you think about the coffee grinder?', 'how is the garlic doing?', 'any espresso tips?'];
    const posting = { ...asking, style: { ...asking.style, questionRate: 1 } };
    for (const message of questions) {
      const reply = ask(posting, message);
      // Their posts all ask; their replies never do, and never end with a full stop.
      expect(reply, message).not.toMatch(/\?\s*\S*$/u);
      expect(reply.trim(), message).not.toMatch(/[^.]\.$/);
    }
    // Their posts are in sentence case, their replies in lower case: a reply is in lower case.
    const lower = twinWith([
      'oat milk foams better cold',
      'the basil is taller than the cat',
      'grind finer for espresso',
    ]);
    expect(ask(lower, 'what do you think about the coffee grinder?')).not.toMatch(/\p{Lu}/u);
    expect(ask(twinWith(['ha', 'yes', 'same']), 'what do you think about the coffee grinder?')).toMatch(/\p{Lu}/u);
    const stopping = twinWith(['Same here.', 'Yes, the light roast.', 'Grind finer.']);
    expect(ask(stopping, 'any espresso tips?').replace(/\s*\p{Extended_Pictographic}\ufe0f?$/u, '')).toMatch(/\.$/);
  });
});

describe('full stops where the person writes them', () => {
  const lowerPosts = (stops: boolean) =>
    POSTS.map((post) =>
      post
        .toLowerCase()
        .replace(/\.$/, stops ? '.' : '')
        .replace(/\. /g, stops ? '. ' : ', '),
    );
  const replies = ['same here', 'yes the light roast', 'grind finer'];
  const offTopic = 'who will win the cricket world cup?';

  it('runs sentences on with a comma for someone in lower case who writes no full stops', () => {
    const twin = echoTwin({ fid: 6001, username: 'no-stops' }, lowerPosts(false), replies);
    const reply = ask(twin, offTopic);
    // Two sentences of the twin's: it never cast about cricket, and says what it casts about.
    expect(reply).toMatch(/cast about that, \S/);
    expect(reply).not.toMatch(/[^.]\.(\s|$)/);
  });

  it('ends with no full stop for someone who writes none, replies or not', () => {
    const twin = echoTwin({ fid: 6001, username: 'no-stops' }, lowerPosts(false), []);
    for (const message of [offTopic, 'when did you plant the garlic?']) {
      expect(ask(twin, message).replace(/\s*\p{Extended_Pictographic}\ufe0f?$/u, ''), message).not.toMatch(/\.$/);
    }
  });

  it('keeps its full stops for someone who writes them', () => {
    const twin = echoTwin({ fid: 6001, username: 'stops' }, lowerPosts(true), replies);
    expect(ask(twin, offTopic)).toMatch(/cast about that\. \S/);
  });
});

describe('questions about their plans', () => {
  it('reads "any weekend plans?" as asking what they are up to, with no word to search for', () => {
    const twin = twinWith([]);
    for (const message of [
      'any weekend plans?',
      'weekend plans?',
      'any plans for tonight?',
      'what are you up to tonight?',
    ]) {
      expect(readMessage(message, twin), message).toMatchObject({ kind: 'status', terms: [] });
    }
    expect(readMessage('how do you plan a garden?', twin).kind).toBe('question');
  });

  it('answers a question on a time that comes round again with what they cast about it, else their newest news', () => {
    const baker = echoTwin(
      { fid: 6002, username: 'sunday-baker' },
      // Newest first: news of today, then what their weekends and evenings are.
      [
        'Shipped the oven timer app today.',
        'Rainy sunday means bake day.',
        'Tonight is for reading.',
        'Every morning starts with the dough.',
        'Fixed the jar lid.',
      ],
      // Long replies: a reply of one short cast is lengthened with the twin's own lines.
      [
        'Honestly it depends on the week, but mostly I am reading, baking and walking the dog by the river.',
        'Not really, I prefer a slow morning with coffee and the paper before anything else happens.',
      ],
    );
    for (const message of ['any weekend plans?', 'what are you up to this weekend?', 'got plans this weekend?']) {
      const reply = ask(baker, message);
      expect(reply, message).toContain('Rainy sunday means bake day');
      // What their weekends are is no news of late (intros compared as words: a reply may recase them).
      const words = (text: string) =>
        text
          .toLowerCase()
          .replace(/[^\p{L}\s']+/gu, ' ')
          .replace(/\s+/g, ' ')
          .trim();
      for (const intro of framing.statusIntros(baker)) expect(words(reply), message).not.toContain(words(intro));
    }
    expect(ask(baker, 'any plans for tonight?')).toContain('Tonight is for reading');
    // Asked what is new, or about today, it gives its newest news.
    expect(ask(baker, 'what are you working on?')).toContain('Shipped the oven timer app');
    expect(ask(baker, 'what are you up to today?')).toContain('Shipped the oven timer app');
    // A greeting or a handle names no time it asks about.
    expect(ask(baker, 'good morning! what are you working on?')).toContain('Shipped the oven timer app');
    expect(ask(baker, '@sunday-baker what are you up to?')).toContain('Shipped the oven timer app');
    expect(readMessage('@sunday-baker good morning, any weekend plans?', baker).times).toEqual([
      'weekend',
      'saturday',
      'sunday',
    ]);
    // Someone who never cast about a weekend still says their newest news.
    const weekday = echoTwin(
      { fid: 6003, username: 'weekday-baker' },
      ['Shipped the oven timer app today.', 'Fixed the jar lid.'],
      [],
    );
    expect(ask(weekday, 'any weekend plans?')).toContain('Shipped the oven timer app');
  });
});

describe('framing lines', () => {
  it('answers with two of their casts on the question rather than a line of its own', () => {
    // Replies a little longer than one of their casts: room for more of their words.
    const twin = twinWith([
      'The trick with a hand grinder is patience, and a good burr set that does not wobble at all, honestly.',
      'Light roasts for pour over, darker ones for espresso, and never the supermarket beans if you can help it.',
    ]);
    const reply = ask(twin, 'what do you think about the coffee grinder?');
    expect(reply.toLowerCase()).toContain('grind');
    expect(ownSentences(twin, reply)).toEqual([]);
  });

  it("adds no line of its own that takes a reply further from the person's reply length", () => {
    const replyOf133 = (start: string) =>
      `${start} ${'and the kettle was on the whole time while the rain kept going outside'.repeat(3)}`.slice(0, 133);
    const twin = twinWith([replyOf133('Yes'), replyOf133('Same here'), replyOf133('Honestly')]);
    const reply = ask(twin, 'hi! when did you plant the garlic?');
    expect(reply.toLowerCase()).toContain('garlic');
    // Short of their length, but any line of its own would overshoot it by more.
    expect(reply.length).toBeLessThan(replyLength(twin));
    // The greeting it answers with, and nothing else of its own.
    expect(ownSentences(twin, reply)).toHaveLength(1);
  });

  it('answers with their one cast on the question, whole, and reframes it only to not say it twice', () => {
    const twin = twinWith(['ha', 'yes', 'same']);
    // Only one cast is about garlic: said as they wrote it, with no line of the twin's around it.
    const reply = ask(twin, 'when did you plant the garlic?');
    expect(reply.toLowerCase()).toContain('garlic');
    expect(ownSentences(twin, reply)).toEqual([]);
    // Asked again in the same conversation, it does not say the same thing again.
    const again = writeEcho({
      character: twin,
      conversation: [
        { role: 'user', content: 'when did you plant the garlic?' },
        { role: 'assistant', content: reply },
        { role: 'user', content: 'sorry, when was the garlic planted?' },
      ],
    });
    expect(again).not.toBe(reply);
  });

  it("says it has not cast about something in the shorter lines when the person's replies are brief", () => {
    const twin = twinWith(['ha', 'yes', 'same']);
    const longest = [...framing.NOT_CAST_ABOUT].sort((a, b) => b.length - a.length).slice(0, 2);
    const questions = ['who won the chess final?', 'is the ferry late?', 'what is your tax bracket?'];
    const extra = ['which violin brand?', 'best ski resort?', 'how do I tune a piano?', 'any cricket scores?'];
    for (const message of [...questions, ...extra]) {
      const reply = ask(twin, message);
      expect(framing.NOT_CAST_ABOUT.some((line) => reply.startsWith(line))).toBe(true);
      expect(longest.some((line) => reply.includes(line))).toBe(false);
    }
  });
});

describe('the weather', () => {
  it('finds a cast about the sun for "sunny", and one about a windy day for "wind"', () => {
    const rides = echoTwin(
      { fid: 6002, username: 'rides' },
      [
        'sun finally out going for a spin',
        'windy af today staying in',
        'dog stole my sandwich again lol',
        'new tyres feel amazing',
        'coffee stop at km 40 best part of the ride',
      ],
      [],
    );
    expect(ask(rides, 'sunny today?')).toContain('sun finally out');
    expect(ask(rides, 'any wind today?')).toContain('windy af today');
  });
});

describe('what a question is about', () => {
  it('answers from casts on its subject, not from a rarer word that says how or how much', () => {
    const cook = echoTwin(
      { fid: 6003, username: 'lina' },
      [
        'salsa congress next month, already practising every night',
        'tacos de papa, cheap and hard to ruin',
        'salsa class tonight, my feet are done',
        'roasted tomatillos for the salsa verde',
        'gravel more fun, road more fast',
        'flat tyre in the rain, classic',
        'fixed the flat with the last patch',
      ],
      [],
    );
    // "hard" and "fast" are each in one cast, "salsa" and "flat" in more: by rarity alone, the
    // word that says how would outweigh the subject.
    const salsa = ask(cook, 'is salsa hard to learn?');
    expect(salsa).toMatch(/salsa/i);
    expect(salsa).not.toContain('tacos');
    const flat = ask(cook, 'how do you fix a flat fast?');
    expect(flat).toMatch(/flat/i);
    expect(flat).not.toContain('gravel');
  });
});

describe('answers to other questions', () => {
  it("does not open with a word that answered someone else's question", () => {
    const cook = echoTwin(
      { fid: 6004, username: 'lina' },
      ['my molcajete finally seasoned, salsa tastes like home now', 'tacos de papa, cheap and filling'],
      // To "is your salsa spicy?".
      ['very, but i serve the salsa on the side for guests'],
    );
    const reply = ask(cook, 'are you going to the salsa congress?');
    expect(reply).not.toMatch(/^very/i);
    expect(reply).toContain('molcajete');
  });

  it('does not say a reply to a question on something else because it shares the words', () => {
    const rider = echoTwin(
      { fid: 6005, username: 'tom' },
      ['sunset ride by the river perfect', 'dog stole my sandwich again lol'],
      ['long ride then dog beach'],
    );
    const answered = (parent: string): Character => ({
      ...rider,
      replyParents: { 'long ride then dog beach': parent },
    });
    const question = 'any tips for a first long ride?';
    expect(ask(answered('what are you doing this weekend?'), question)).not.toContain('dog beach');
    // Said to a question on the same thing, or where what it answered is unknown, it answers.
    expect(ask(answered('how do you pace a long ride?'), question)).toContain('dog beach');
    expect(ask(rider, question)).toContain('dog beach');
  });
});

describe('advice', () => {
  it('gives advice of theirs only on what was asked, else what they cast about it', () => {
    const degen = echoTwin(
      { fid: 6001, username: 'kai' },
      [
        // Their newest cast, and the only advice they gave.
        'Never ape into what you cannot laugh about losing.',
        'Base frames are the most fun thing on farcaster right now.',
        'Minted three things on Base today, gas under a cent.',
      ],
      [],
    );
    expect(ask(degen, 'who should i follow on farcaster?')).toContain('Base frames');
    expect(ask(degen, 'any advice on minting?')).toContain('Minted three things');
    expect(ask(degen, 'any advice on minting?')).not.toContain('Never ape');
  });
});

describe('answers near a question', () => {
  it('answers a question sharing two telling words of their casts with the nearest sentence, said as near', () => {
    const twin = twinWith([]);
    // "summer" and "heat" are in one cast and none of its topics; "warp", "vinyl", "records" in none.
    const reply = ask(twin, 'will summer heat warp vinyl records?');
    expect(NEAREST_INTROS.some((intro) => reply.toLowerCase().startsWith(intro.toLowerCase()))).toBe(true);
    expect(reply).toMatch(/summer heat/);
  });
});

describe('topics', () => {
  it('never names an interjection as a topic', () => {
    const casts = ['lol the dog again', 'dog walk lol', 'lol ride in the rain', 'long ride, dog tired lol', 'ride on'];
    expect(topTopics(casts, 2)).toEqual(['dog', 'ride']);
    const cook = ['salsa verde jaja', 'abuela says more lime jaja', 'salsa class tonight jaja', 'abuela won again'];
    expect(topTopics(cook, 2)).toEqual(['salsa', 'abuela']);
  });

  it('never names a common verb, quality or adverb as a topic', () => {
    const casts = [
      'the design finally explains itself, come see',
      'wet paint, come back later to the design review',
      'it explains the layout finally, design is done',
      'design tokens come first, the rest explains itself when wet',
    ];
    expect(topTopics(casts, 2)).toEqual(['design', 'paint']);
    const builder = ['Postgres does queues well enough.', 'queues in postgres work well', 'indexer is well behind'];
    expect(topTopics(builder, 3)).toEqual(['postgres', 'queues', 'indexer']);
  });
});

describe("the owner's own answers", () => {
  const examples = (pairs: [string, string, boolean?][]) =>
    pairs.map(([message, answer, taught], index) => ({
      message,
      answer,
      taught: taught ?? false,
      score: 1 - index / 10,
    }));
  const askWith = (message: string, pairs: [string, string, boolean?][]) =>
    writeEcho({
      character: twinWith([]),
      conversation: [{ role: 'user', content: message }],
      examples: examples(pairs),
    });

  it('answers with their reply to the parent most like the message, topic words over common ones', () => {
    const pairs: [string, string][] = [
      ['what do you do on a cold morning?', 'stay in with a pot of tea'],
      ['what bread do you bake most?', 'focaccia, every single week'],
    ];
    // As like one parent as the other: "bread" and "bake" say more than "cold" and "morning".
    expect(askWith('what bread do you bake on a cold morning?', pairs)).toBe('focaccia, every single week');
    expect(askWith('what do you do on cold mornings?', pairs)).toBe('stay in with a pot of tea');
  });

  it('says a reply only for a message on the same thing, not one that shares a question word alone', () => {
    const pairs: [string, string][] = [['best way to deal with slugs?', 'beer traps and patience']];
    expect(askWith('what is the best bread for beginners?', pairs)).not.toContain('beer traps');
    expect(askWith('what is the best way to deal with slugs?', pairs)).toBe('beer traps and patience');
    // Half its words: not said as the answer, but as the nearest thing they said.
    const near = askWith('best way to get rid of slugs?', pairs);
    expect(near).not.toBe('beer traps and patience');
    expect(near).toContain('beer traps and patience');
  });

  it('says a reply to a yes-or-no question or a choice only to a question asking the same kind', () => {
    const pairs: [string, string][] = [
      ['do you use a dutch oven for bread?', 'yes always, the steam makes the crust'],
      ['do you water in the morning or at night?', 'both when it is hot'],
      ['milk in coffee, yes or no?', 'oat milk in the morning, black in the afternoon'],
    ];
    expect(askWith('what is the best bread for beginners?', pairs)).not.toContain('yes always');
    expect(askWith('do you bake your bread in a dutch oven?', pairs)).toBe('yes always, the steam makes the crust');
    expect(askWith('how do you water the garden?', pairs)).not.toContain('both when');
    expect(askWith('water morning or night?', pairs)).toBe('both when it is hot');
    expect(askWith('how do you store your coffee?', pairs)).not.toContain('oat milk in the morning');
    expect(askWith('do you take milk in your coffee?', pairs)).toBe('oat milk in the morning, black in the afternoon');
  });

  it('of two parents on the message, answers with the reply that is on it too', () => {
    const pairs: [string, string][] = [
      ['what grows in the shade?', 'shade is hard, i gave up on it'],
      ['what grows in the shade?', 'mint grows anywhere, lettuce too'],
    ];
    expect(askWith('does mint grow in the shade?', pairs)).toBe('mint grows anywhere, lettuce too');
  });

  it("prefers the owner's rewrite on the same question, and composes when no parent shares a word", () => {
    const pairs: [string, string, boolean][] = [
      ['what grinder do you use?', 'a hand grinder, slow but worth it', false],
      ['which grinder would you buy?', 'the cheapest burr grinder you can find', true],
    ];
    expect(askWith('what grinder should i buy?', pairs)).toBe('the cheapest burr grinder you can find');
    const composed = askWith('how is the garlic doing?', pairs);
    expect(composed).not.toContain('grinder');
    expect(composed.toLowerCase()).toContain('garlic');
  });

  it('says a rewrite for the same question reworded, not for another question on the same thing', () => {
    const pairs: [string, string, boolean][] = [
      ['how old is your truck?', 'older than my grandkids 300k on it', true],
      ['which grinder would you buy?', 'the cheapest burr grinder you can find', true],
    ];
    expect(askWith('what grinder should i buy for espresso?', pairs)).toBe('the cheapest burr grinder you can find');
    expect(askWith('how old is that truck of yours?', pairs)).toBe('older than my grandkids 300k on it');
    expect(askWith('what is wrong with your truck?', pairs)).not.toBe('older than my grandkids 300k on it');
    // When it asks about is not what it asks.
    const building: [string, string, boolean][] = [['what are you building this week?', 'a tiny escrow', true]];
    expect(askWith('so what are you building these days?', building)).toBe('a tiny escrow');
  });

  it('says an answer on what it is up to to the same question in other words, at the same time only', () => {
    const taught: [string, string, boolean][] = [['what are you up to this weekend?', 'bake day if it rains', true]];
    expect(askWith('any good weekend plans?', taught)).toBe('bake day if it rains');
    expect(askWith('got plans this weekend?', taught)).toBe('bake day if it rains');
    expect(askWith('any saturday plans?', taught)).toBe('bake day if it rains');
    // The same words asking about another time, or about something more, are another question.
    const cast: [string, string][] = [['any plans for the weekend?', 'a long hike, phone off']];
    expect(askWith('weekend plans?', cast)).toBe('a long hike, phone off');
    expect(askWith('any plans for tonight?', cast)).not.toBe('a long hike, phone off');
    expect(askWith('any plans for the garden this weekend?', cast)).not.toBe('a long hike, phone off');
    const building: [string, string, boolean][] = [['what are you building with rust?', 'a tiny escrow', true]];
    expect(askWith('what are you building with rust and wasm?', building)).toBe('a tiny escrow');
    expect(askWith('what are you building with rust these days?', building)).toBe('a tiny escrow');
    expect(askWith('what are you building with zig, wasm and rust?', building)).not.toBe('a tiny escrow');
  });

  it('says an answer to a choice to one offering the same two things, in any words and order', () => {
    const pairs: [string, string, boolean][] = [
      ['are we in a bull run or a bear rn?', 'BULL obviously!! not financial advice', true],
      ['do you knit with circulars or straights?', 'circulars for almost everything', true],
      ['do you prefer running or cycling?', 'running, no contest', true],
      ['morning or evening coffee?', 'evening, decaf', true],
    ];
    expect(askWith('bear market or bull market?', pairs)).toBe('BULL obviously!! not financial advice');
    expect(askWith('circular or straight needles?', pairs)).toBe('circulars for almost everything');
    expect(askWith('good morning! straight or circular needles?', pairs)).toBe('circulars for almost everything');
    expect(askWith('cycling or running?', pairs)).toBe('running, no contest');
    // The same kind of thing, another choice.
    expect(askWith('stock market or crypto market?', pairs)).not.toBe('BULL obviously!! not financial advice');
    expect(askWith('wooden or circular needles?', pairs)).not.toBe('circulars for almost everything');
    expect(askWith('do you prefer swimming or cycling?', pairs)).not.toBe('running, no contest');
    // A greeting is not one of the things offered.
    expect(askWith('good morning! beer or coffee?', pairs)).not.toBe('evening, decaf');
    expect(askWith('coffee in the evening or morning?', pairs)).toBe('evening, decaf');
  });

  it('answers another question on the same thing from their casts, else with the nearest answer they gave, said as near', () => {
    const pairs: [string, string][] = [
      ['how long have you been dancing salsa?', 'three years and still learning every class'],
      ['how do you catch catfish?', 'chicken liver on the bottom at night'],
    ];
    const askTwin = (replies: readonly string[], message: string) =>
      writeEcho({
        character: twinWith(replies),
        conversation: [{ role: 'user', content: message }],
        examples: examples(pairs),
      });
    const dancer = ['salsa congress next month, already practising every night'];
    expect(askTwin(dancer, 'are you going to the salsa congress?')).toContain('salsa congress next month');
    expect(askTwin(dancer, 'are you going to the salsa congress?')).not.toContain('three years');
    // Nothing they cast is on catching anything: rather than that they never cast about it, the
    // reply they gave on catching, introduced as the nearest thing they said.
    const caught = askTwin([], 'did you catch anything today?');
    expect(NEAREST_INTROS.some((intro) => caught.toLowerCase().startsWith(intro.toLowerCase()))).toBe(true);
    expect(caught).toContain('chicken liver on the bottom at night');
  });

  it('says a rewrite on another question as near, never as something the owner cast', () => {
    // Each on catching, none the question the answer was given to.
    const messages = ['did you catch anything today?', 'what do you catch at night?', 'catch anything good lately?'];
    const intros = (taught: boolean) =>
      messages.map((message) => {
        const reply = askWith(message, [['how do you catch catfish?', 'chicken liver on the bottom at night', taught]]);
        expect(reply, message).toContain('chicken liver on the bottom at night');
        return NEAREST_INTROS.find((intro) => reply.toLowerCase().startsWith(intro.toLowerCase()));
      });
    // The same answer cast in a reply may be introduced as cast; taught on Activity, it never is.
    expect(intros(false)).toContain("Closest I've cast to that.");
    const taught = intros(true);
    expect(
      taught.every((intro) => intro !== undefined && !/cast/i.test(intro)),
      taught.join(' / '),
    ).toBe(true);
  });

  it('answers with what they cast to the very question rather than a rewrite on another one', () => {
    const pairs: [string, string, boolean][] = [
      ['how was the ride today?', 'wet and windy lol', true],
      ['do you ride in the winter?', 'if its not icy yes', false],
    ];
    expect(askWith('do you ride in the winter?', pairs)).toBe('if its not icy yes');
    // A rewrite on the question itself still comes first.
    expect(askWith('how was the ride today?', pairs)).toBe('wet and windy lol');
  });
});
