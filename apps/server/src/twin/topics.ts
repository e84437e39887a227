import { contentWords } from './text.ts';

/**
 * The words a person casts about most: content words ranked by how many casts use them (so one
 * long rant does not dominate), ties broken by first use for determinism.
 */
export function topTopics(texts: readonly string[], count = 5): string[] {
  const castsUsing = new Map<string, number>();
  for (const text of texts) {
    for (const word of new Set(contentWords(text))) castsUsing.set(word, (castsUsing.get(word) ?? 0) + 1);
  }
  return [...castsUsing.entries()]
    .filter(([, uses]) => uses >= 2 || texts.length < 5)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([word]) => word);
}
