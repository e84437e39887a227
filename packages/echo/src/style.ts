import { z } from 'zod';
import { emojisIn } from './text.ts';

/** How a person writes, measured over their casts. Rates are shares of casts (0..1). */
export const styleMetricsSchema = z.object({
  castCount: z.number().int().nonnegative(),
  /** Mean characters per cast. */
  avgLength: z.number().nonnegative(),
  /** Casts written without a single capital letter. */
  lowercaseRatio: z.number().min(0).max(1),
  /** Casts with at least one emoji. */
  emojiRate: z.number().min(0).max(1),
  exclamationRate: z.number().min(0).max(1),
  questionRate: z.number().min(0).max(1),
  /** The person's own emoji, most used first. */
  favouriteEmojis: z.array(z.string()),
});
export type StyleMetrics = z.infer<typeof styleMetricsSchema>;

/** Used when someone has not cast yet: a plain, mid-length, sentence-case voice. */
const NEUTRAL_STYLE: StyleMetrics = {
  castCount: 0,
  avgLength: 90,
  lowercaseRatio: 0,
  emojiRate: 0,
  exclamationRate: 0.1,
  questionRate: 0.1,
  favouriteEmojis: [],
};

export function measureStyle(texts: readonly string[]): StyleMetrics {
  const casts = texts.map((text) => text.trim()).filter((text) => text.length > 0);
  if (casts.length === 0) return NEUTRAL_STYLE;
  const share = (test: (text: string) => boolean) => casts.filter(test).length / casts.length;
  const withLetters = casts.filter((text) => /\p{L}/u.test(text));
  const emojiCounts = new Map<string, number>();
  for (const text of casts)
    for (const emoji of emojisIn(text)) emojiCounts.set(emoji, (emojiCounts.get(emoji) ?? 0) + 1);
  return {
    castCount: casts.length,
    avgLength: casts.reduce((sum, text) => sum + text.length, 0) / casts.length,
    lowercaseRatio:
      withLetters.length === 0 ? 0 : withLetters.filter((text) => !/\p{Lu}/u.test(text)).length / withLetters.length,
    emojiRate: share((text) => emojisIn(text).length > 0),
    exclamationRate: share((text) => text.includes('!')),
    questionRate: share((text) => text.includes('?')),
    favouriteEmojis: [...emojiCounts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([emoji]) => emoji),
  };
}

/**
 * Distance between two writing styles, each feature scaled to roughly 0..1 so none dominates;
 * length is compared on a log scale (40 vs 80 characters matters more than 240 vs 280).
 */
export function styleDistance(a: StyleMetrics, b: StyleMetrics): number {
  const lengthGap = Math.abs(Math.log1p(a.avgLength) - Math.log1p(b.avgLength)) / Math.log(8);
  const gaps = [
    lengthGap,
    a.lowercaseRatio - b.lowercaseRatio,
    a.emojiRate - b.emojiRate,
    a.exclamationRate - b.exclamationRate,
    a.questionRate - b.questionRate,
  ];
  return Math.sqrt(gaps.reduce((sum, gap) => sum + gap * gap, 0));
}
