import { describe, expect, it } from 'vitest';
import { profileCasts } from './cast-profile.ts';
import { buildCharacter } from './character.ts';
import { buildCharacteristics, choicesProblem, PERSONALITY_AXES } from './characteristics.ts';
import { chunkReply, writeEcho, writeEchoReply } from './echo-reply.ts';
import { askBacks } from './framing.ts';
import { measureStyle, styleDistance } from './style.ts';
import { normalizeForComparison } from './text.ts';

const shouty = [
  'WE SHIPPED THE NEW MARKETPLACE TODAY!!! 🚀🚀',
  'Who else is building on Base this weekend?! 🔥',
  'Gas is cheap, vibes are high, LFG! 🚀',
  'Shipped dark mode for the marketplace! Feedback? 🙏',
  'Marketplace hit 1,000 listings!! Thank you all 🚀',
  'Building in public is the best decision I ever made! 🔥',
];
const quiet = [
  'reading about soil microbes again. fungi are doing most of the work',
  'the compost pile is finally warm. patience pays',
  'planted garlic before the frost. small wins',
  'watched the fungi network paper twice, still thinking about it',
  'quiet morning in the garden, tomatoes are done for the year',
  'soil is alive and we mostly ignore it',
];
const asCasts = (texts: string[]) => texts.map((text) => ({ text, parentHash: null }));
const characterOf = (texts: string[], fid: number) => {
  const profile = profileCasts(asCasts(texts));
  const questions = buildCharacteristics(profile);
  const choices = questions.map(
    (question) => question.options.find((option) => question.description.includes(`reads more ${option.value}`))!.value,
  );
  return buildCharacter(
    { fid, username: `u${fid}`, displayName: `U ${fid}`, bio: '' },
    asCasts(texts),
    profile,
    choices,
  );
};

describe('characteristics', () => {
  it('asks eight polar questions whose descriptions come from the casts', () => {
    const loud = buildCharacteristics(profileCasts(asCasts(shouty)));
    const calm = buildCharacteristics(profileCasts(asCasts(quiet)));
    expect(loud.map((question) => question.name)).toEqual(PERSONALITY_AXES.map((axis) => axis.name));
    expect(loud.find((question) => question.name === 'Energy')!.description).toMatch(/reads more Hyped/);
    expect(calm.find((question) => question.name === 'Energy')!.description).toMatch(/reads more Calm/);
    expect(calm.find((question) => question.name === 'Outlook')!.description).toMatch(/Talking about (soil|fungi)/);
  });

  it('leans Extrovert on the questions they ask and the people they tag, not on how often they reply', () => {
    const socialEnergy = (casts: { text: string; parentHash: string | null }[]) =>
      buildCharacteristics(profileCasts(casts)).find((question) => question.name === 'Social energy')!.description;
    const answering = quiet.map((text, index) => ({ text, parentHash: index % 2 === 0 ? `0xparent${index}` : null }));
    expect(socialEnergy(answering)).toMatch(/reads more Introvert/);
    const asking = quiet.map((text, index) => ({ text: index < 2 ? `${text}, anyone else?` : text, parentHash: null }));
    expect(socialEnergy(asking)).toMatch(/reads more Extrovert/);
  });

  it('still asks the questions of someone who has never cast', () => {
    const questions = buildCharacteristics(profileCasts([]));
    expect(questions).toHaveLength(8);
    expect(questions[0]!.description).toBe('Should your twin keep to itself or pull people into the conversation?');
  });

  it('names the problem with a list of choices', () => {
    const questions = buildCharacteristics(profileCasts(asCasts(quiet)));
    const valid = questions.map((question) => question.options[0]!.value);
    expect(choicesProblem(questions, valid)).toBeNull();
    expect(choicesProblem(questions, [...valid, 'Extra'])).toMatch(/Expected 8 choices/);
    expect(
      choicesProblem(
        questions,
        valid.map((choice, index) => (index === 7 ? 'Loud' : choice)),
      ),
    ).toBe('Choice 8 ("Loud") is not an option of "Openness": choose one of Private, Open.');
  });
});

describe('the echo reply', () => {
  const loud = characterOf(shouty, 1);
  const calm = characterOf(quiet, 2);
  const messages = [
    'what are you working on?',
    'how is the garden?',
    'thoughts on the marketplace?',
    'gm',
    'any news?',
  ];

  it('answers from whole sentences of the relevant casts, and never posts one of their casts again', () => {
    const reply = writeEchoReply(calm, 'what do you think about fungi?');
    expect(reply).toMatch(/fungi/);
    // An answer may be one of their casts as they wrote it; a post never is (it would be a repost).
    for (const character of [loud, calm]) {
      const casts = character.casts.map(normalizeForComparison);
      for (const earlierPosts of [[], ['an earlier post'], ['one', 'two']]) {
        const post = writeEcho({ character, conversation: [], task: { kind: 'post', earlierPosts } });
        expect(casts).not.toContain(normalizeForComparison(post));
      }
    }
  });

  it("writes in the user's measured style", () => {
    const loudReplies = messages.map((message) => writeEchoReply(loud, message));
    const calmReplies = messages.map((message) => writeEchoReply(calm, message));
    expect(
      loudReplies.every(
        (reply) => reply.includes('!') && loud.style.favouriteEmojis.some((emoji) => reply.includes(emoji)),
      ),
    ).toBe(true);
    expect(calmReplies.every((reply) => reply === reply.toLowerCase() && !reply.includes('!'))).toBe(true);
    const [loudStyle, calmStyle] = [measureStyle(loudReplies), measureStyle(calmReplies)];
    expect(styleDistance(loudStyle, loud.style)).toBeLessThan(styleDistance(loudStyle, calm.style));
    expect(styleDistance(calmStyle, calm.style)).toBeLessThan(styleDistance(calmStyle, loud.style));
  });

  it('bends to the choices: an Extrovert asks back more, a Verbose twin says more', () => {
    // Asking back is a habit shown in a share of replies, so it is counted over more messages.
    const questions = [...messages, 'how was the weekend?', 'what about compost?', 'hello', 'soil tips?', 'why fungi?'];
    const asking = (character: typeof calm) =>
      questions.filter((message) => writeEchoReply(character, message).endsWith('?')).length;
    const length = (character: typeof calm) =>
      messages.reduce((sum, message) => sum + writeEchoReply(character, message).length, 0);
    const extrovert = { ...calm, traits: { ...calm.traits, 'Social energy': 'Extrovert' } };
    const introvert = { ...calm, traits: { ...calm.traits, 'Social energy': 'Introvert' } };
    expect(asking(extrovert)).toBeGreaterThan(asking(introvert));
    const verbose = { ...calm, traits: { ...calm.traits, Length: 'Verbose' } };
    const concise = { ...calm, traits: { ...calm.traits, Length: 'Concise' } };
    expect(length(verbose)).toBeGreaterThan(length(concise));
  });

  it('an Extrovert asks back in every answer, in its own words; an Introvert never in those words', () => {
    // What the owner sees change on the next reply when they switch Social energy.
    const answers = ['how is the garden?', 'what do you think about fungi?', 'tell me about compost', 'soil tips?'];
    const extrovert = { ...calm, traits: { ...calm.traits, 'Social energy': 'Extrovert' } };
    const introvert = { ...calm, traits: { ...calm.traits, 'Social energy': 'Introvert' } };
    const asksLikeExtrovert = (reply: string) =>
      askBacks(extrovert, 'answer').some((line) => reply.toLowerCase().endsWith(line.toLowerCase()));
    for (const message of answers) {
      expect(asksLikeExtrovert(writeEchoReply(extrovert, message)), message).toBe(true);
      expect(asksLikeExtrovert(writeEchoReply(introvert, message)), message).toBe(false);
    }
  });

  it('is deterministic and streams in word chunks that add up to the reply', () => {
    const reply = writeEchoReply(loud, 'marketplace?');
    expect(writeEchoReply(loud, 'marketplace?')).toBe(reply);
    const chunks = chunkReply(reply);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(reply);
  });
});
