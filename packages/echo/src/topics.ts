import { contentWords, stem } from './text.ts';

/**
 * Words common in casts about anything: worth searching for, but not what someone casts about
 * ("working", "week", "people"…). A topic also has to look like a word: letters, no digits.
 */
const NOT_TOPICS = new Set(
  `working work worked works week weeks year years month months someone everyone anyone people person first last
never always asked asking question questions answer small big long short little note notes found find update
updates tip tips rec hot take agree agreed thank thanks thing stuff everything something nothing morning night
tonight overnight tomorrow yesterday sunday monday tuesday wednesday thursday friday saturday weekend minutes hours
seconds half part next real fair fine sure maybe probably actually still done ready start started
try tried hard easy high low stop read learned learn pop say says said look looks mean means feel feels
mine min sign another other others best better worse worst favourite favorite love loved
lol lmao lmfao haha hahaha hehe jaja jajaja xd omg ngl tbh imo imho idk btw yeah yep nope okay
come comes came ask asks go goes went give gives gave take takes took keep keeps kept put puts use uses
tell tells told explain explains show shows turn turns seem seems bring brings
taste tastes tasted wet dry cold warm hot new old around whole back
well enough fast slow quick finally really honestly literally basically usually totally quickly slowly`.split(/\s+/),
);

/**
 * True when a word can stand for something a person casts about: not a common verb, quality or
 * adverb ("come", "explains", "wet", "finally"), nor a past tense.
 */
export function isTopicWord(word: string): boolean {
  // Past tenses ("recorded", "collected") are things done, not subjects.
  const pastTense = word.length > 5 && word.endsWith('ed');
  return /^\p{L}[\p{L}-]*\p{L}$/u.test(word) && word.length >= 3 && !pastTense && !NOT_TOPICS.has(word);
}

/**
 * How much a word of a message says what the message is about: a word that could be a topic counts
 * twice a word common in casts about anything ("salsa" over "hard" in "is salsa hard to learn?",
 * "flat" over "fast" in "how do you fix a flat fast?"). Searches weigh a message's words by it, so a
 * word the person rarely uses does not outweigh the subject because it is rare.
 */
export function subjectWeight(word: string): number {
  return isTopicWord(word) ? 1 : 0.5;
}

/**
 * The words a person casts about most: content words ranked by how many casts use them (so one
 * long rant does not dominate), "poem" and "poems" counted as one, ties broken by first use.
 */
export function topTopics(texts: readonly string[], count = 5): string[] {
  const byStem = new Map<string, { casts: number; forms: Map<string, number> }>();
  for (const text of texts) {
    const seen = new Set<string>();
    for (const word of contentWords(text).filter(isTopicWord)) {
      const key = stem(word);
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = byStem.get(key) ?? { casts: 0, forms: new Map<string, number>() };
      entry.casts++;
      entry.forms.set(word, (entry.forms.get(word) ?? 0) + 1);
      byStem.set(key, entry);
    }
  }
  return [...byStem.values()]
    .filter((entry) => entry.casts >= 2 || texts.length < 5)
    .sort((a, b) => b.casts - a.casts)
    .slice(0, count)
    .map((entry) => commonestForm(entry.forms));
}

/** The form a word is used in most ("coffee" over "coffees"), the shorter one on a tie. */
function commonestForm(forms: Map<string, number>): string {
  return [...forms.entries()].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]![0];
}
