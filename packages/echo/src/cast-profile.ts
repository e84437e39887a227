import type { OwnerCast } from './cast.ts';
import { measureStyle, type StyleMetrics } from './style.ts';
import { words } from './text.ts';
import { topTopics } from './topics.ts';

/** Word lists behind the behavioural signals; small on purpose, they only tip a lean. */
const LEXICON = {
  positive: ['love', 'great', 'amazing', 'excited', 'happy', 'beautiful', 'win', 'best', 'hope', 'grateful', 'fun'],
  negative: ['hate', 'bad', 'worse', 'worst', 'broken', 'scam', 'doubt', 'skeptical', 'overrated', 'sad', 'tired'],
  building: [
    'build',
    'building',
    'built',
    'ship',
    'shipped',
    'shipping',
    'deploy',
    'deployed',
    'launch',
    'launched',
    'code',
    'hack',
    'wrote',
    'rewrote',
    'prototype',
    'working',
  ],
  technical: [
    'api',
    'contract',
    'contracts',
    'protocol',
    'rust',
    'typescript',
    'solidity',
    'latency',
    'database',
    'node',
    'gas',
    'proof',
    'proofs',
    'prover',
    'circuit',
    'algorithm',
    'benchmark',
    'compiler',
    'polynomial',
    'memory',
    'tests',
  ],
  hype: ['lfg', 'wagmi', 'gm', 'moon', 'insane', 'huge', 'massive', 'hype', 'bullish', 'wild'],
  firstPerson: ['i', "i'm", 'my', 'me', 'mine', 'myself', "i've", "i'll"],
} as const;

/** What the persona is built from: measured style, topics and behavioural signals (shares 0..1). */
export interface CastProfile {
  style: StyleMetrics;
  topics: string[];
  /** Share of casts that reply to someone. */
  replyShare: number;
  /** Share of casts that mention someone (@name). */
  mentionRate: number;
  /** Shares of casts using each word list. */
  signals: Record<keyof typeof LEXICON, number>;
}

export function profileCasts(casts: readonly Pick<OwnerCast, 'text' | 'parentHash'>[]): CastProfile {
  const texts = casts.map((cast) => cast.text);
  const total = Math.max(1, casts.length);
  const tokenised = texts.map((text) => new Set(words(text)));
  const signalOf = (list: readonly string[]) =>
    tokenised.filter((tokens) => list.some((word) => tokens.has(word))).length / total;
  return {
    style: measureStyle(texts),
    topics: topTopics(texts),
    replyShare: casts.filter((cast) => cast.parentHash !== null).length / total,
    mentionRate: texts.filter((text) => /(^|\s)@\w/.test(text)).length / total,
    signals: {
      positive: signalOf(LEXICON.positive),
      negative: signalOf(LEXICON.negative),
      building: signalOf(LEXICON.building),
      technical: signalOf(LEXICON.technical),
      hype: signalOf(LEXICON.hype),
      firstPerson: signalOf(LEXICON.firstPerson),
    },
  };
}
