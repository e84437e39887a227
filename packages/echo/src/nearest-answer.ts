import type { Memory, Passage } from './memory.ts';
import { withRelated } from './message.ts';
import { searchTerms, stem } from './text.ts';

/**
 * The offline twin's answers to everyday questions its owner never quite cast about: the sentences
 * of theirs closest to the question, said as near rather than on it, rather than one fixed "I
 * haven't cast about that".
 */

/** The share of a question's weight (IDF: rare words weigh most) their words must carry to answer it off-topic: two of five words. */
const NEAR_SHARE = 1 / 4;
/** How many of a question's words a sentence must share to be near it, unless one is a topic of theirs. */
const NEAR_WORDS = 2;

/**
 * Their passages closest to a question they never quite cast about, ranked by the question's words
 * they do use (BM25 on stemmed words). A question is near enough when it touches one of their
 * topics ("how do you store your coffee beans?" to someone who casts about coffee), or when at
 * least two of its words are theirs and carry a quarter of its weight (IDF over their sentences,
 * words they never use weighing most); each passage must itself share two of its words, or a
 * topic. One stray word in common ("fix" in "how do I fix a bicycle tyre?") is never enough: then
 * the twin says it has not cast about it.
 */
export function nearestPassages(memory: Memory, terms: readonly string[]): Passage[] {
  const topics = new Set(memory.topics.map(stem));
  const known = terms.filter((term) => withRelated([term]).some((word) => memory.knows(word)));
  const weight = (words: readonly string[]) => words.reduce((sum, word) => sum + memory.termWeight(word), 0);
  const onTopic = known.some((term) => topics.has(term));
  const sharesEnough = known.length >= NEAR_WORDS && weight(known) >= weight(terms) * NEAR_SHARE;
  if (!onTopic && !sharesEnough) return [];
  const wanted = known.map((term) => withRelated([term]));
  return memory.matching(withRelated(known)).filter((passage) => {
    const words = new Set(passage.sentences.flatMap((sentence) => searchTerms(sentence.text)));
    const shared = wanted.filter((related) => related.some((word) => words.has(word)));
    return shared.length >= NEAR_WORDS || shared.some((related) => related.some((word) => topics.has(word)));
  });
}

const NOT_EXACTLY = 'Not exactly that, but close.';
const NEAREST_SAID = "Nearest thing I've said.";

/** Opens an answer that is near the question rather than on it, so the twin does not overclaim. */
export const NEAREST_INTROS: readonly string[] = [NOT_EXACTLY, "Closest I've cast to that.", NEAREST_SAID];

/** The same for an answer the owner taught the twin on Activity rather than cast: none says it was cast. */
export const TAUGHT_NEAREST_INTROS: readonly string[] = [NOT_EXACTLY, NEAREST_SAID];
