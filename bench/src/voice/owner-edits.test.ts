import { OWNER_EXAMPLE_LIMITS, ownerVoiceSchema, VOICE_LIMITS } from '@fartwin/protocol';
import { describe, expect, it } from 'vitest';
import { type CorpusUser, splitForLearning, splitReplies, VOICE_CORPUS } from './corpus.ts';
import { APART_CORPUS } from './corpus-apart.ts';
import { editedVoice, ownerAboutMe, topTopicWords } from './owner-edits.ts';
import { topicWords } from './scores.ts';

const tom = VOICE_CORPUS.find((user) => user.username === 'tom-rides')!;

/**
 * The topic words of `text` that only a held-out reply of the person's could have given: in one, and
 * in none of their training material or the questions they are asked.
 */
function onlyFromHeldOut(user: CorpusUser, text: string): string[] {
  const { training, heldOut } = splitReplies(user);
  const known = new Set(
    [...user.casts, ...training.map((pair) => pair.reply), ...user.replies.map((pair) => pair.parent)].flatMap(
      (line) => [...topicWords(line)],
    ),
  );
  const heldOutWords = new Set(heldOut.flatMap((pair) => [...topicWords(pair.reply)]));
  return [...topicWords(text)].filter((word) => heldOutWords.has(word) && !known.has(word));
}

describe("the voice bench's owner edits", () => {
  it('saves a few phrases within the limits, none of them a cast or reply of theirs nor from a held-out reply', () => {
    for (const user of [...VOICE_CORPUS, ...APART_CORPUS]) {
      expect(user.phrases.length).toBeGreaterThan(0);
      expect(user.phrases.length).toBeLessThanOrEqual(VOICE_LIMITS.phrases);
      for (const phrase of user.phrases) {
        expect(phrase.length).toBeGreaterThanOrEqual(2);
        expect(phrase.length).toBeLessThanOrEqual(VOICE_LIMITS.phraseChars);
        expect([...user.casts, ...user.replies.map((pair) => pair.reply)]).not.toContain(phrase);
        expect(onlyFromHeldOut(user, phrase), `${user.username}: ${phrase}`).toEqual([]);
      }
    }
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

  it('rewrites ask two held-out questions again in other words and one other thing, never with a held-out reply', () => {
    for (const user of [...VOICE_CORPUS, ...APART_CORPUS]) {
      const { training, heldOut } = splitReplies(user);
      const asked = [...training, ...heldOut].map((pair) => pair.parent);
      expect(user.rewrites.filter((rewrite) => rewrite.like !== null)).toHaveLength(2);
      expect(user.rewrites.filter((rewrite) => rewrite.like === null)).toHaveLength(1);
      for (const rewrite of user.rewrites) {
        if (rewrite.like !== null) expect(heldOut.map((held) => held.parent)).toContain(rewrite.like);
        // Asked in other words than any question of theirs, and answered in other words than any reply.
        expect(asked).not.toContain(rewrite.parent);
        expect([...training, ...heldOut].map((pair) => pair.reply)).not.toContain(rewrite.reply);
        expect(rewrite.reply.length).toBeLessThanOrEqual(OWNER_EXAMPLE_LIMITS.answerChars);
        expect(onlyFromHeldOut(user, rewrite.reply), `${user.username}: ${rewrite.reply}`).toEqual([]);
      }
    }
  });
});
