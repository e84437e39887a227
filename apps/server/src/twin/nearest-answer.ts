import type { Memory, Passage } from './memory.ts';
import { withRelated } from './message.ts';
import { stem } from './text.ts';

/**
 * The offline twin's answers to everyday questions its owner never quite cast about: the sentences
 * of theirs closest to the question, said as near rather than on it, rather than one fixed "I
 * haven't cast about that".
 */

/**
 * Their passages closest to a question that touches one of their topics but that they never quite
 * cast about ("how do you store your coffee beans?" to someone who casts about coffee), ranked by
 * the question's words they do use. Empty when it touches none of their topics (a stray "fix" or
 * "win" does not make "how do I fix a bicycle tyre?" something they cast about): then the twin says
 * it has not cast about it.
 */
export function nearestPassages(memory: Memory, terms: readonly string[]): Passage[] {
  const topics = new Set(memory.topics.map(stem));
  if (!terms.some((term) => topics.has(term))) return [];
  const known = terms.filter((term) => withRelated([term]).some((word) => memory.knows(word)));
  return memory.matching(withRelated(known));
}

/** Opens an answer that is near the question rather than on it, so the twin does not overclaim. */
export const NEAREST_INTROS: readonly string[] = [
  'Not exactly that, but close.',
  "Closest I've cast to that.",
  "Nearest thing I've said.",
];
