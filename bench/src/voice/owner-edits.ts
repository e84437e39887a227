import { type OwnerVoice, VOICE_LIMITS } from '@fartwin/protocol';
import { type CorpusUser, splitReplies } from './corpus.ts';
import { topicWords } from './scores.ts';

/**
 * What a corpus person writes into their twin's voice on Your twin, for the bench's "owner's edits"
 * stage: a few phrases in their own words and an about-me line. Only from their training material:
 * a held-out reply is what the twin is scored against, so it never reaches the twin.
 */

/**
 * Their topic words, most telling first: used in many of their casts and training replies and by few
 * of the other people (TF-IDF over people, so "time" or "morning", which everyone says, rank low);
 * each in the form they write it most.
 */
export function topTopicWords(user: CorpusUser, corpus: readonly CorpusUser[], count: number): string[] {
  const textsOf = (person: CorpusUser) => [...person.casts, ...splitReplies(person).training.map((pair) => pair.reply)];
  /** Each topic word (as scores.ts folds it) of a person: in how many of their texts, and its forms. */
  const wordsOf = (person: CorpusUser) => {
    const uses = new Map<string, { texts: number; forms: Map<string, number> }>();
    for (const text of textsOf(person)) {
      const seen = new Set<string>();
      for (const form of text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []) {
        const [word] = topicWords(form);
        if (!word) continue;
        const entry = uses.get(word) ?? { texts: 0, forms: new Map<string, number>() };
        if (!seen.has(word)) entry.texts++;
        seen.add(word);
        entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
        uses.set(word, entry);
      }
    }
    return uses;
  };
  const others = corpus.filter((person) => person.username !== user.username).map(wordsOf);
  const peopleUsing = (word: string) => 1 + others.filter((words) => words.has(word)).length;
  return [...wordsOf(user).entries()]
    .map(([word, { texts, forms }]) => ({
      weight: texts * Math.log((corpus.length + 1) / peopleUsing(word)),
      form: [...forms.entries()].sort((a, b) => b[1] - a[1])[0]![0],
    }))
    .sort((a, b) => b.weight - a.weight)
    .slice(0, count)
    .map(({ form }) => form);
}

/** "mara here, mostly loaf, garden and sourdough." from their three top topic words. */
export function ownerAboutMe(user: CorpusUser, corpus: readonly CorpusUser[]): string {
  const [first, ...rest] = topTopicWords(user, corpus, 3);
  if (!first) return '';
  const listed = rest.length === 0 ? first : `${[first, ...rest.slice(0, -1)].join(', ')} and ${rest.at(-1)}`;
  return `${user.displayName} here, mostly ${listed}.`.slice(0, VOICE_LIMITS.aboutMeChars);
}

/** The voice after the owner's edits: their phrases (voice/corpus.ts) and about-me line; choices and avoided topics kept. */
export function editedVoice(user: CorpusUser, corpus: readonly CorpusUser[], current: OwnerVoice): OwnerVoice {
  return { ...current, aboutMe: ownerAboutMe(user, corpus), phrases: [...user.phrases] };
}
