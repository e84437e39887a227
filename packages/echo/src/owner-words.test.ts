import { describe, expect, it } from 'vitest';
import type { Character } from './character.ts';
import { writeEcho, writeEchoReply } from './echo-reply.ts';
import { echoTwin } from './echo-twin.ts';
import { askBacks, NOT_CAST_ABOUT } from './framing.ts';
import { systemPrompt } from './system-prompt.ts';

const POSTS = [
  'the compost pile is finally warm in the middle, patience pays',
  'planted garlic before the frost, see you in july',
  'grind finer if your espresso runs fast, that is the whole secret',
  'pour over with a light ethiopian this morning, tastes like blueberries',
  'mulch your beds before the summer heat, the soil will thank you',
  'sourdough loaf this morning, the crumb is so open',
];
const PHRASES = [
  'water deep, not often',
  'coffee first, always',
  'the soil does the work',
  'slow bread is better bread',
  'frost is the real boss',
];

/** A twin of these posts (and one reply) whose owner saved these phrases. */
const withPhrases = (who: { fid: number; username: string }, posts: string[], phrases: string[]): Character => ({
  ...echoTwin(who, posts, ['same here']),
  owner: { aboutMe: '', avoidTopics: [], phrases },
});

/** A gardener's twin that asks back in every answer (Extrovert), with the owner's phrases. */
const twin: Character = {
  ...echoTwin({ fid: 6100, username: 'soil-and-beans' }, POSTS, ['same here', 'yes, the light roast', 'grind finer']),
  owner: { aboutMe: '', avoidTopics: [], phrases: PHRASES },
};
const extrovert: Character = { ...twin, traits: { ...twin.traits, 'Social energy': 'Extrovert' } };
/** Questions that each share a word with one of the phrases that the answer found does not say. */
const QUESTIONS = [
  'how do you make your espresso coffee?',
  'any sourdough bread this morning?',
  'how much water does the soil need?',
  'is the frost coming early this year?',
];
/** Questions that share no word with any phrase. */
const UNRELATED = ['what music do you like?', 'how is the compost doing?', 'tell me about garlic'];

describe("the owner's phrases in the echo engine's replies", () => {
  it('says a phrase before its question back: an Extrovert still ends every answer asking the person back', () => {
    const asksBack = (reply: string) =>
      askBacks(extrovert, 'answer').some((line) => reply.toLowerCase().endsWith(line.toLowerCase()));
    for (const message of QUESTIONS) {
      const reply = writeEchoReply(extrovert, message);
      expect(
        PHRASES.some((phrase) => reply.includes(phrase)),
        reply,
      ).toBe(true);
      expect(asksBack(reply), reply).toBe(true);
    }
  });

  it('says the phrase on what was asked, and none when no phrase shares a word with the message', () => {
    const said = (message: string) => PHRASES.filter((phrase) => writeEchoReply(twin, message).includes(phrase));
    expect(said('how often do you water the beds?')).toEqual(['water deep, not often']);
    expect(said('is the frost coming early this year?')).toEqual(['frost is the real boss']);
    expect(said('any sourdough bread this week?')).toEqual(['slow bread is better bread']);
    // A phrase on something else reads as a tic and takes the reply away from what was asked.
    for (const message of UNRELATED) expect(said(message), message).toEqual([]);
    // One that shares only the subject the answer is on already adds a saying, not an answer.
    expect(said('how is the soil in spring?')).toEqual([]);
    expect(said('did the frost get your garlic?')).toEqual([]);
  });

  it('does not say a phrase that speaks to nothing of the message the answer leaves unsaid', () => {
    const knitter = withPhrases(
      { fid: 6102, username: 'nadia' },
      ['pepper and biscuit had a fight over one sunbeam', 'new cable pattern on the needles'],
      ['pepper and biscuit, both menaces'],
    );
    const reply = writeEchoReply(knitter, 'does pepper get along with biscuit?');
    expect(reply).toContain('one sunbeam');
    expect(reply).not.toContain('both menaces');
    // Asked what the phrase says and the answer does not, it is said.
    expect(writeEchoReply(knitter, 'are pepper and biscuit menaces?')).toContain('both menaces');
  });

  it('answers with a phrase on what it never cast about, rather than saying it never cast about it', () => {
    const builder = withPhrases(
      { fid: 6103, username: 'devon' },
      ['Postgres does queues well enough.', 'The indexer caught up with mainnet head.'],
      ['tabs, and let the formatter argue'],
    );
    expect(writeEchoReply(builder, 'tabs or spaces?')).toBe('tabs, and let the formatter argue');
    // With no phrase on it, it says it has not cast about it.
    expect(NOT_CAST_ABOUT.some((line) => writeEchoReply(builder, 'pizza or pasta?').startsWith(line))).toBe(true);
  });

  it('does not say a phrase it said earlier in the conversation', () => {
    const first = writeEchoReply(twin, 'how often do you water the beds?');
    const second = writeEcho({
      character: twin,
      conversation: [
        { role: 'user', content: 'how often do you water the beds?' },
        { role: 'assistant', content: first },
        { role: 'user', content: 'how often should i water the compost soil?' },
      ],
    });
    expect(first).toContain('water deep, not often');
    expect(second).not.toContain('water deep, not often');
    expect(second).toContain('the soil does the work');
  });
});

describe("the owner's about-me line", () => {
  const aboutMe = 'Gardener first, coffee snob second, slow bread always.';
  const ABOUT_ME_WORDS = 'gardener first, coffee snob second, slow bread always';
  const owned: Character = { ...twin, owner: { aboutMe, avoidTopics: ['opera'], phrases: [] } };

  it('says what the twin is about in the owner’s words, on what it never cast about as on an avoided topic', () => {
    for (const message of ['what about gardening on mars?', 'any thoughts on taxes?', 'any thoughts on opera?']) {
      const reply = writeEchoReply(owned, message);
      // In the person's look (lower case, sentences run on with commas), as their casts are.
      expect(reply.toLowerCase(), message).toContain(ABOUT_ME_WORDS);
      expect(reply, message).not.toMatch(/i mostly cast about|my casts are mostly|most of what i cast/i);
    }
    // Without one, it names its topics.
    expect(writeEchoReply(twin, 'any thoughts on taxes?')).toMatch(/cast about|casts are mostly|what i cast/i);
  });

  it('never says a line on a topic the owner avoids, in an answer or a model’s prompt', () => {
    const divorced: Character = {
      ...twin,
      owner: { aboutMe: 'Divorced dad, gardener first.', avoidTopics: ['divorce'], phrases: ['divorce is hard'] },
    };
    for (const message of ['who are you?', 'any thoughts on taxes?', 'what do you think about divorce?']) {
      expect(writeEchoReply(divorced, message).toLowerCase(), message).not.toContain('divorc');
    }
    expect(systemPrompt(divorced, { kind: 'reply', channel: 'cast' }).toLowerCase()).not.toContain('divorc');
  });

  it('names its topics instead when the line was said earlier in the conversation', () => {
    const reply = writeEcho({
      character: owned,
      conversation: [
        { role: 'user', content: 'any thoughts on taxes?' },
        { role: 'assistant', content: `I haven't cast about that. ${aboutMe}` },
        { role: 'user', content: 'what about gardening on mars?' },
      ],
    });
    expect(reply.toLowerCase()).not.toContain(ABOUT_ME_WORDS);
    expect(reply).toMatch(/cast about|casts are mostly|what i cast/i);
  });
});

describe('topics the owner avoids', () => {
  const hidden: Character = {
    ...echoTwin(
      { fid: 6101, username: 'quiet-gardener' },
      [
        ...POSTS,
        'the divorce papers are signed, new chapter',
        'rehab starts monday, wish me luck',
        'surfing is not for me, i sink',
      ],
      ['same here'],
    ),
    owner: { aboutMe: '', avoidTopics: ['divorce', 'rehab'], phrases: [] },
  };
  /** The sentence that says it has not cast about something, from the reply (the rest names its topics). */
  const saysNotCastAbout = (reply: string) =>
    NOT_CAST_ABOUT.some((line) => reply.toLowerCase().includes(line.toLowerCase().replace(/\.$/, '')));

  it('answers a question on one as it answers one on a topic never cast about: nothing tells what was hidden', () => {
    const never = ['what about gardening on mars?', 'what do you think about taxes?', 'any thoughts on opera?'];
    const avoided = ['what do you think about divorce?', 'how is rehab going?', 'any thoughts on divorce?'];
    for (const message of [...never, ...avoided]) {
      const reply = writeEchoReply(hidden, message);
      expect(saysNotCastAbout(reply), `${message} → ${reply}`).toBe(true);
      expect(reply.toLowerCase()).not.toMatch(
        /divorce|rehab|sit that one out|stay out of that|not something i talk about/,
      );
    }
  });

  it('keeps the list out of every prompt, and the avoided casts out of its examples', () => {
    for (const task of [{ kind: 'chat' as const }, { kind: 'reply' as const, channel: 'cast' as const }]) {
      const prompt = systemPrompt(hidden, task).toLowerCase();
      expect(prompt).not.toMatch(/divorce|rehab/);
      expect(prompt).not.toMatch(/avoid|never talk about/);
    }
  });
});
