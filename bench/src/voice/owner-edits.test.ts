import { ownerVoiceSchema, VOICE_LIMITS } from '@fartwin/protocol';
import { describe, expect, it } from 'vitest';
import { type CorpusUser, splitForLearning, splitReplies, VOICE_CORPUS } from './corpus.ts';
import { APART_CORPUS } from './corpus-apart.ts';
import {
  editedVoice,
  OWNER_PHRASES,
  OWNER_REWRITES,
  ownerAboutMe,
  ownerPhrases,
  rewrittenPairs,
  topTopicWords,
} from './owner-edits.ts';

const tom = VOICE_CORPUS.find((user) => user.username === 'tom-rides')!;

describe("the voice bench's owner edits", () => {
  it('takes phrases only from training replies, never from a held-out one (those are what the twin is scored on)', () => {
    for (const user of VOICE_CORPUS) {
      const { training, heldOut } = splitReplies(user);
      const phrases = ownerPhrases(user);
      expect(phrases).toHaveLength(OWNER_PHRASES);
      for (const phrase of phrases) {
        expect(training.map((pair) => pair.reply)).toContain(phrase);
        expect(heldOut.map((pair) => pair.reply)).not.toContain(phrase);
      }
    }
    // A held-out reply shorter than every training one is still left out.
    const shortHeldOut: CorpusUser = {
      ...tom,
      replies: tom.replies.map((pair, index) => ((index + 1) % 5 === 0 ? { ...pair, reply: 'ok' } : pair)),
    };
    expect(ownerPhrases(shortHeldOut)).not.toContain('ok');
    expect(ownerPhrases(tom)).toEqual(['wet and windy lol', 'always lol', 'coffee stops lol']);
  });

  it('builds the about-me line from the topic words that tell the person from the others', () => {
    expect(topTopicWords(tom, VOICE_CORPUS, 3)).toEqual(['dog', 'bike', 'ride']);
    expect(ownerAboutMe(tom, VOICE_CORPUS)).toBe('tom here, mostly dog, bike and ride.');
    // "postgres" as written, not folded to "postgre".
    expect(topTopicWords(VOICE_CORPUS[1]!, VOICE_CORPUS, 2)).toEqual(['postgres', 'indexer']);
  });

  it('saves a voice the API accepts, keeping the choices and topics to avoid', () => {
    for (const user of VOICE_CORPUS) {
      const current = { choices: Array(8).fill('x'), aboutMe: '', avoidTopics: ['politics'], phrases: [] };
      const voice = editedVoice(user, VOICE_CORPUS, current);
      expect(ownerVoiceSchema.parse(voice)).toEqual(voice);
      expect(voice).toMatchObject({ choices: current.choices, avoidTopics: ['politics'] });
      expect(voice.aboutMe.length).toBeLessThanOrEqual(VOICE_LIMITS.aboutMeChars);
    }
  });

  it('splits the training material into two halves that together are all of it', () => {
    for (const user of VOICE_CORPUS) {
      const { first, second } = splitForLearning(user);
      expect([...first.casts, ...second.casts]).toEqual(user.casts);
      expect([...first.replies, ...second.replies]).toEqual(splitReplies(user).training);
      expect(first.casts.length).toBeGreaterThan(0);
      expect(second.replies.length).toBeGreaterThan(0);
    }
  });

  it('rewrites replies to training parents only, each a different one, most like the held-out questions', () => {
    for (const user of [...VOICE_CORPUS, ...APART_CORPUS]) {
      const { training, heldOut } = splitReplies(user);
      const pairs = rewrittenPairs(user);
      expect(pairs).toHaveLength(OWNER_REWRITES);
      expect(new Set(pairs.map((pair) => pair.parent)).size).toBe(OWNER_REWRITES);
      for (const pair of pairs) {
        expect(training).toContainEqual(pair);
        expect(heldOut.map((held) => held.parent)).not.toContain(pair.parent);
      }
    }
  });

  it('picks the training parent sharing the most words with a held-out question, never by the held-out reply', () => {
    const user: CorpusUser = {
      username: 'pick-test',
      displayName: 'pick',
      casts: ['one cast'],
      replies: [
        { parent: 'what bread do you bake?', reply: 'sourdough' },
        { parent: 'what coffee beans do you buy?', reply: 'kenyan' },
        { parent: 'how is the garden?', reply: 'wet' },
        { parent: 'any plans?', reply: 'nap' },
        { parent: 'how do you store coffee beans?', reply: 'a jar, like my coffee beans' },
        { parent: 'what is on tv?', reply: 'nothing' },
      ],
    };
    // Held out: the fifth pair. Its question shares "coffee" and "beans" with the second parent only.
    expect(rewrittenPairs(user)[0]).toEqual(user.replies[1]);
  });
});
