import { CastSearch } from './cast-search.ts';
import type { Character } from './character.ts';
import { type CastSentence, castSentences, splitSentences } from './sentences.ts';
import { normalizeForComparison, searchTerms, stem } from './text.ts';
import { isTopicWord, subjectWeight, topTopics } from './topics.ts';
import { shoutShare, targetLength, writesNoStops } from './voice.ts';

/** Whole sentences of one cast, said together: the one that matched and those around it that give it context. */
export interface Passage {
  sentences: CastSentence[];
  /** Which of them matched (the others are its context). */
  core: number;
  score: number;
}

/**
 * The passage cut down to `maxLength` characters by leaving out context, never the sentence that
 * matched nor the one it leans on; undefined when even that is too long.
 */
export function shrink(passage: Passage, maxLength: number): Passage | undefined {
  const sentences = [...passage.sentences];
  let core = passage.core;
  const length = () => passageText({ ...passage, sentences }).length;
  while (length() > maxLength && sentences.length > core + 1) sentences.pop();
  const keepsBefore = () => (LEANS_BACK.test(sentences[core]!.text) ? 1 : 0);
  while (length() > maxLength && core > keepsBefore()) {
    sentences.shift();
    core--;
  }
  return length() <= maxLength ? { sentences, core, score: passage.score } : undefined;
}

/** Starts that only make sense after the sentence before ("That isn't apathy…"). */
const LEANS_BACK = /^(?:that|this|it|it's|its|they|he|she|then|but|and|so|also|which|still|those|these)\b/i;
/**
 * Starts of replies to someone else's cast ("Agree with this, but…", "very, but i serve it on the
 * side"): odd when said unprompted, or to another question.
 */
const ANSWERS_SOMEONE =
  /^(?:agree|agreed|fair point|good question|interesting|hmm|yes|same|based|this|exactly|true)\b|^(?:no|nope|nah|very|both|neither|definitely|absolutely|essential)\s*[,.!—–]/i;
/** What a reply to a question on something else counts for in a search (Memory.matching). */
const ANSWERS_ANOTHER = 0.3;
const HUMOUR = /\b(?:lol|lmao|lmfao|haha\w*|hehe|rofl|jk|fight me|don'?t ask why|ngl|pain)\b|😂|🤣|😆|😅|🥲|💀|😭|🫠/iu;
/** Tips, rules and the person's firm opinions ("the trick to good generative work is…"). */
const ADVICE =
  /^(?:[\w'’-]+\s+){0,3}(?:tip|tips|rule|reminder|advice|lesson)\b|^(?:never|always|don'?t|do not|avoid)\b|\b(?:you should|make sure|the trick|the secret|the key|trust me|hot take|unpopular opinion|is underrated|is overrated)\b/i;
const IMPERATIVE =
  /^(?:use|try|go|ask|write|read|learn|keep|stop|start|leave|pick|build|ship|check|revoke|define|publish|bring|walk|cut|trust|drink|season|rest|preheat|hone|toast|plant|take|set|add|let|make|get|put|be|do|test|mix|finish|shoot|sign|disclose)\b/i;
/** Casts that say what the person is doing: "working on:" ones first, then news of progress. */
const NOW_WORKING_ON = /\b(?:working on|current work|what am i working on)\b|\bworking on:/i;
const PROGRESS = /\b(?:building|shipping|shipped|drafts?|progress|update|today|wip)\b/i;

/** The kinds of passage a reply can ask for besides those about its words. */
export type PassageKind = 'advice' | 'humour' | 'status';

/**
 * What the echo engine knows of a twin: the whole sentences of its casts, indexed for search, and
 * the topics it can name. Immutable once built, so one serves every reply of a character (memoryOf).
 */
export class Memory {
  readonly sentences: CastSentence[];
  /** Each sentence as normalizeForComparison gives it, in the same order: worked out once, compared on every reply. */
  readonly comparableSentences: string[];
  readonly topics: string[];
  /** Whether the person says "gm" in their casts. */
  readonly saysGm: boolean;
  /** Whether the person writes in capitals (most of their casts): their texts' look (voice.ts lookFor). */
  readonly shouts: boolean;
  /** Whether the person hardly ever ends a sentence with a full stop (voice.ts lookFor). */
  readonly writesNoStops: boolean;
  private readonly search: CastSearch;
  private readonly castWords: string[];
  /** Each cast's sentences by their place in it (a gap where a sentence cannot be said): a passage's neighbours. */
  private readonly byCast: (CastSentence | undefined)[][];
  /** For each cast that answered a question, that question's terms: the reply is said to what it answered. */
  private readonly questionsAnswered: (ReadonlySet<string> | undefined)[];
  /** Each sentence's weight per kind (kindWeight): the same on every reply. */
  private readonly kindWeights: Record<PassageKind, number[]>;
  /** Answers that depend on nothing but the casts (a kind without terms, the most recent), kept once asked. */
  private readonly constant = new Map<string, Passage[]>();

  /** How long a run of one cast's sentences may grow to give a sentence its context. */
  private readonly passageLength: number;

  constructor(readonly character: Character) {
    this.passageLength = Math.max(120, targetLength(character) * 1.5);
    this.sentences = castSentences(character.casts);
    this.comparableSentences = this.sentences.map((sentence) => normalizeForComparison(sentence.text));
    this.search = new CastSearch(this.sentences.map((sentence) => sentence.text));
    this.castWords = character.casts.map(normalizeForComparison);
    this.saysGm = this.castWords.some((cast) => cast.split(' ').includes('gm'));
    this.shouts = shoutShare(character.casts) >= 0.5;
    this.writesNoStops = writesNoStops(character.casts);
    this.byCast = character.casts.map(() => []);
    this.questionsAnswered = character.casts.map((cast) => {
      const parent = character.replyParents?.[cast];
      return parent?.includes('?') ? new Set(searchTerms(parent)) : undefined;
    });
    for (const sentence of this.sentences) this.byCast[sentence.castIndex]![sentence.position] = sentence;
    const weights = (kind: PassageKind) =>
      this.sentences.map((sentence) => (sentence.standalone ? this.kindWeight(sentence, kind) : 0));
    this.kindWeights = { advice: weights('advice'), humour: weights('humour'), status: weights('status') };
    const named = character.topics.filter(isTopicWord);
    this.topics = named.length > 0 ? named : topTopics(character.casts);
  }

  /**
   * Passages matching the terms, best first (BM25, each term weighed by how much it says what is
   * asked about (topics.ts subjectWeight); less for questions, replies to others, and answers to a
   * question on something else).
   */
  matching(terms: readonly string[], limit = 12): Passage[] {
    if (terms.length === 0) return [];
    return this.rank(
      this.search
        .search(terms, limit * 3, subjectWeight)
        .map((hit) => {
          const sentence = this.sentences[hit.index]!;
          return { sentence, score: hit.score * (this.answersAnother(sentence, terms) ? ANSWERS_ANOTHER : 1) };
        })
        .filter(({ sentence }) => sentence.standalone),
      limit,
    );
  }

  /**
   * Whether the sentence is of a reply to a question that shares none of the terms: "long ride then
   * dog beach", cast to "what are you doing this weekend?", says nothing to "any tips for a first
   * long ride?" though it shares its words.
   */
  private answersAnother(sentence: CastSentence, terms: readonly string[]): boolean {
    const question = this.questionsAnswered[sentence.castIndex];
    return question !== undefined && !terms.some((term) => question.has(term));
  }

  /** Passages of a kind (advice, humour, status), newest first unless `terms` match some better. */
  ofKind(kind: PassageKind, terms: readonly string[] = [], limit = 12): Passage[] {
    if (terms.length === 0) return this.kept(`${kind}:${limit}`, () => this.scoredOfKind(kind, [], limit, false));
    return this.scoredOfKind(kind, terms, limit, false);
  }

  /**
   * Passages of a kind whose sentence the terms match, best first. (A score says less: a newer
   * cast's is raised, so a sentence of the kind can outscore a match without one.)
   */
  ofKindMatching(kind: PassageKind, terms: readonly string[], limit = 12): Passage[] {
    return this.scoredOfKind(kind, terms, limit, true);
  }

  private scoredOfKind(kind: PassageKind, terms: readonly string[], limit: number, matchedOnly: boolean): Passage[] {
    const relevance = new Map(this.search.search(terms, 500, subjectWeight).map((hit) => [hit.index, hit.score]));
    const weights = this.kindWeights[kind];
    const scored = this.sentences.flatMap((sentence, index) => {
      const weight = weights[index]!;
      const matched = relevance.get(index);
      if (weight <= 0 || (matchedOnly && matched === undefined)) return [];
      return [{ sentence, score: weight + (matched ?? 0) }];
    });
    return this.rank(scored, limit);
  }

  /** True when some cast uses the (stemmed) term. */
  knows(term: string): boolean {
    return this.search.knows(term);
  }

  /** How telling a (stemmed) term is among their sentences: words they rarely or never use weigh most. */
  termWeight(term: string): number {
    return this.search.idf(term);
  }

  /** Passages about a topic word. */
  about(topic: string, limit = 12): Passage[] {
    return this.matching([stem(topic)], limit);
  }

  /** Any passages, newest first: what the twin says when nothing else fits. */
  recent(limit = 12): Passage[] {
    return this.kept(`recent:${limit}`, () =>
      this.rank(
        this.sentences.filter((sentence) => sentence.standalone).map((sentence) => ({ sentence, score: 1 })),
        limit,
      ),
    );
  }

  private kept(key: string, work: () => Passage[]): Passage[] {
    let passages = this.constant.get(key);
    if (!passages) {
      passages = work();
      this.constant.set(key, passages);
    }
    return passages;
  }

  /** True when a text says a whole cast of the user again, word for word. */
  repeatsACast(text: string): boolean {
    const normalized = normalizeForComparison(text);
    return this.castWords.some((cast) => cast === normalized);
  }

  /** How much a sentence is of a kind: 0 when not at all. */
  private kindWeight(sentence: CastSentence, kind: PassageKind): number {
    const cast = this.character.casts[sentence.castIndex]!;
    if (kind === 'humour') return HUMOUR.test(splitSentences(cast)[sentence.position] ?? sentence.text) ? 1 : 0;
    if (sentence.text.endsWith('?')) return 0;
    if (kind === 'advice') return ADVICE.test(sentence.text) || IMPERATIVE.test(sentence.text) ? 1 : 0;
    return NOW_WORKING_ON.test(cast) ? 1.6 : PROGRESS.test(cast) ? 1 : 0;
  }

  /**
   * Scores to passages: newer casts a little higher, questions and replies to others lower. A
   * sentence brings the sentences before it in its cast while they fit (so it keeps its context),
   * and always the one it leans on ("That isn't apathy…"); without that one it counts for little.
   */
  private rank(scored: { sentence: CastSentence; score: number }[], limit: number): Passage[] {
    const total = Math.max(1, this.character.casts.length);
    const passages = scored.map(({ sentence, score }) => {
      let weight = score * (1 + 0.2 * (1 - sentence.castIndex / total));
      if (sentence.text.endsWith('?')) weight *= 0.4;
      const run = [sentence];
      let length = sentence.text.length;
      const sibling = (position: number) => this.byCast[sentence.castIndex]![position];
      for (let position = sentence.position - 1; position >= 0; position--) {
        const before = sibling(position);
        const leansBack = LEANS_BACK.test(run[0]!.text);
        if (!before) {
          if (leansBack) weight *= 0.3;
          break;
        }
        if (!leansBack && length + before.text.length + 1 > this.passageLength) break;
        run.unshift(before);
        length += before.text.length + 1;
      }
      // And the sentences after it, while they fit or lean on it ("No, dear, it's on a cooling rack.").
      for (let position = sentence.position + 1; position < sentence.ofSentences; position++) {
        const after = sibling(position);
        if (!after) break;
        if (!LEANS_BACK.test(after.text) && length + after.text.length + 1 > this.passageLength) break;
        run.push(after);
        length += after.text.length + 1;
      }
      // A passage that starts where the cast starts carries its own context; one that answers
      // someone else's cast ("Agree with this, but…") reads oddly on its own.
      if (run[0]!.position > 0) weight *= 0.6;
      if (ANSWERS_SOMEONE.test(run[0]!.text)) weight *= 0.3;
      return { sentences: run, core: run.indexOf(sentence), score: weight };
    });
    return passages.sort((a, b) => b.score - a.score).slice(0, limit);
  }
}

export function passageText(passage: Passage): string {
  return passage.sentences.map((sentence) => sentence.text).join(' ');
}

/** Memories of the characters in use: the chat keeps a twin's character object until it changes (the server's twins/character-cache.ts). */
const memories = new WeakMap<Character, Memory>();

/** The twin's Memory, built once per character object rather than before every reply. */
export function memoryOf(character: Character): Memory {
  let memory = memories.get(character);
  if (!memory) {
    memory = new Memory(character);
    memories.set(character, memory);
  }
  return memory;
}
