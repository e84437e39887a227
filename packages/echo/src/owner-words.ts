import type { Character, OwnerWords } from './character.ts';
import type { Memory } from './memory.ts';
import { readMessage } from './message.ts';
import { searchTerms, stem, words } from './text.ts';
import { lookFor, own, type Part, render, seededPicker } from './voice.ts';

/**
 * What the owner wrote into the voice after the deploy (the server's voice routes), as both engines use it:
 * topics to avoid (never talked about: their casts, phrases and about-me line are left out, and a
 * question on one is answered as one on a topic the owner never cast about), an "about me" line (for
 * "who are you", and said in place of the topics the twin would name), and phrases in the owner's own
 * words (said in replies on what they are about).
 */

const NO_WORDS: OwnerWords = { aboutMe: '', avoidTopics: [], phrases: [] };

const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

export function ownerWordsOf(character: Pick<Character, 'owner'>): OwnerWords {
  return character.owner ?? NO_WORDS;
}

/**
 * The owner's about-me line, their own words on who they are, where the twin may say it in `room`
 * bytes (half of it at most, so what goes before it fits too), or null: said when someone asks who
 * the twin is, and in place of the topics it would name. Pass a speakable character
 * (speakableCharacter): one whose line is on an avoided topic has none.
 */
export function aboutMeOf(character: Pick<Character, 'owner'>, room = Number.POSITIVE_INFINITY): string | null {
  const { aboutMe } = ownerWordsOf(character);
  return aboutMe && byteLength(aboutMe) <= room / 2 ? aboutMe : null;
}

const stems = (text: string) => words(text).map(stem);

/** The avoided topic a text talks about (all of the topic's words appear in it), or null. */
export function avoidedTopicIn(character: Pick<Character, 'owner'>, text: string): string | null {
  const { avoidTopics } = ownerWordsOf(character);
  if (avoidTopics.length === 0) return null;
  const said = new Set(stems(text));
  return avoidTopics.find((topic) => stems(topic).every((word) => said.has(word))) ?? null;
}

const speakable = new WeakMap<Character, Character>();

/**
 * The character without what it must not talk about: casts, examples, topics, the owner's phrases
 * and about-me line on an avoided topic left out. The same object for the same character (the echo
 * engine's memory is kept per object).
 */
export function speakableCharacter(character: Character): Character {
  if (ownerWordsOf(character).avoidTopics.length === 0) return character;
  let kept = speakable.get(character);
  if (!kept) {
    const allowed = (text: string) => avoidedTopicIn(character, text) === null;
    kept = {
      ...character,
      casts: character.casts.filter(allowed),
      examplePosts: character.examplePosts.filter(allowed),
      exampleReplies: character.exampleReplies.filter(allowed),
      topics: character.topics.filter(allowed),
      owner: character.owner && {
        ...character.owner,
        aboutMe: allowed(character.owner.aboutMe) ? character.owner.aboutMe : '',
        phrases: character.owner.phrases.filter(allowed),
      },
    };
    speakable.set(character, kept);
  }
  return kept;
}

/**
 * The reply the owner's words decide on their own, or null: who the twin is, with the owner's "about
 * me", when asked who it is. A question on an avoided topic is not declined here: its casts are left
 * out of what the twin can say (speakableCharacter), so it gets the answer any topic the owner never
 * cast about gets, and nothing tells a stranger which topics were hidden.
 */
export function ownerWordsReply(memory: Memory, message: string, budget: number): string | null {
  const { character } = memory;
  const { aboutMe } = ownerWordsOf(character);
  if (!aboutMe || readMessage(message, character).kind !== 'identity') return null;
  const picker = seededPicker(`${character.fid}:${message}:owner`);
  const look = lookFor(memory, picker, true);
  // The about-me line is the owner's own words: kept as written.
  const parts: Part[] = [own(`I'm @${character.username}'s AI twin.`), { text: aboutMe, own: false }];
  while (parts.length > 1 && byteLength(render(parts, look, character)) > budget) parts.pop();
  return render(parts, look, character);
}

/**
 * The owner's phrase to work into a reply to `message`: of those not said earlier in the conversation,
 * the one sharing most words with the message (seeded on a tie); null when none shares a word with it
 * or it does not fit the budget. A phrase on what was asked reads as an answer; one on anything else
 * reads as a tic and takes the reply away from what was asked.
 */
export function ownerPhraseFor(
  character: Character,
  message: string,
  earlier: readonly string[],
  budget: number,
): string | null {
  const unsaid = ownerWordsOf(character).phrases.filter(
    (phrase) => byteLength(phrase) < budget && !earlier.some((text) => text.includes(phrase)),
  );
  const asked = new Set(searchTerms(message));
  const shared = unsaid.map((phrase) => searchTerms(phrase).filter((term) => asked.has(term)).length);
  const most = Math.max(0, ...shared);
  if (most === 0) return null;
  const nearest = unsaid.filter((_, index) => shared[index] === most);
  return seededPicker(`${character.fid}:${message}:phrase`).pick(nearest);
}

/**
 * The owner's words as lines of the model's instructions (system-prompt.ts). The topics to
 * avoid are not among them: a prompt can be talked into repeating what it holds, so the list is kept
 * in code (speakableCharacter leaves their casts out; the output policy replaces a text on one).
 */
export function ownerWordsPrompt(character: Character): string[] {
  const { aboutMe, phrases } = ownerWordsOf(character);
  return [
    aboutMe
      ? `In their own words, about themselves: ${aboutMe} (use it when asked who you are or what you are about).`
      : '',
    phrases.length > 0
      ? `Phrases they use, in their own words; work one in when it fits:\n${phrases.map((phrase) => `- ${phrase}`).join('\n')}`
      : '',
  ].filter((line) => line.length > 0);
}
