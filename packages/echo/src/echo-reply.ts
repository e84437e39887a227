import type { ConversationTurn } from '@fartwin/protocol';
import type { Character } from './character.ts';
import { threadTurnText, type WritingTask } from './chat-engine.ts';
import * as framing from './framing.ts';
import { type Memory, memoryOf, type Passage, passageText, shrink } from './memory.ts';
import {
  type AnswerShape,
  answersShape,
  askedShape,
  type Choice,
  isTimeTerm,
  offeredChoice,
  type ReadMessage,
  readMessage,
  sameChoice,
  withoutMentions,
  withRelated,
} from './message.ts';
import { NEAREST_INTROS, nearestPassages, TAUGHT_NEAREST_INTROS } from './nearest-answer.ts';
import { aboutMeOf, ownerPhraseFor, ownerWordsReply, speakableCharacter } from './owner-words.ts';
import { type PersonMemory, recallLines } from './people-memory.ts';
import type { ExamplePair } from './recall.ts';
import { nearlyEqual, nearlyEqualNormalized, normalizeForComparison, searchTerms, stem } from './text.ts';
import { subjectWeight } from './topics.ts';
import {
  type Look,
  lookFor,
  own,
  type Part,
  type Picker,
  render,
  replyLength,
  seededPicker,
  targetLength,
} from './voice.ts';

/**
 * The offline twin's voice. It answers from the user's own casts, a whole sentence at a time: it
 * reads what kind of message it got (a greeting, "are you an AI?", a joke request, advice, an
 * insult, a question), finds the sentences of their casts that answer it (BM25 over sentences),
 * frames them with short sentences of its own chosen by the eight choices, and writes the result in
 * the user's measured style. It never cuts a sentence and never glues parts of two casts into one.
 * Deterministic for one input; it does not repeat its earlier replies in the conversation.
 */

export interface EchoRequest {
  character: Character;
  /** Oldest first; the last user turn is the message to answer. Empty for a post. */
  conversation: readonly ConversationTurn[];
  task?: WritingTask | undefined;
  /** The channel's limit, counted in UTF-8 bytes to be safe for casts. */
  maxChars?: number | undefined;
  /** What it remembers of the person it answers: it may refer back to it. */
  remembered?: PersonMemory | undefined;
  /** How the owner answers messages like this one (recall.ts): a rewrite of theirs on the same question is said. */
  examples?: readonly ExamplePair[] | undefined;
}

/** A cast's limit, for posts written without one. */
const CAST_BYTES = 320;
/** How many alternative texts the engine tries before settling for the least repetitive one. */
const ATTEMPTS = 24;

export function writeEcho(request: EchoRequest): string {
  const task = request.task ?? { kind: 'chat' };
  // The owner's words (owner-words.ts): casts of avoided topics are left out of what it can say.
  const memory = memoryOf(speakableCharacter(request.character));
  if (task.kind === 'post') return writePost(memory, task.earlierPosts, request.maxChars ?? CAST_BYTES);

  const turns = request.conversation;
  const inThread = task.kind === 'reply' && task.channel === 'cast';
  // A thread turn is written "@alice: text"; the question is the text.
  const userTurns = turns
    .filter((turn) => turn.role === 'user')
    .map((turn) => (inThread ? threadTurnText(turn.content) : turn.content));
  const message = userTurns.at(-1) ?? '';
  const earlier = turns.filter((turn) => turn.role === 'assistant').map((turn) => turn.content);
  const budget = request.maxChars ?? Number.POSITIVE_INFINITY;
  const read = readMessage(message, memory.character);
  const ownWords = ownerWordsReply(memory, message, budget);
  if (ownWords !== null) return ownWords;
  const owned = ownerAnswers(request.examples, { message, read }, memory.character, budget);
  if (owned.same !== null) return owned.same;
  return writeReply(memory, {
    message,
    read,
    previousMessage: userTurns.length > 1 ? userTurns.at(-2) : undefined,
    earlier,
    budget,
    short: inThread,
    remembered: request.remembered,
    phrase: ownerPhraseFor(memory.character, message, earlier, budget),
    related: owned.related,
  });
}

/**
 * How much a message the owner answered and this one must share for their answer to be said: of the
 * terms of either, more than half in both (Jaccard), words that only say when ("these days", "this
 * week") left out. The same question reworded ("which grinder would you buy?", "what grinder should
 * i buy for espresso?"), not another on the same thing ("how old is your truck?", "what is wrong
 * with your truck?": "older than my grandkids" answers one, not the other), nor one sharing one word
 * of two ("what boat do you sail?", "how was the night sail?"). Two messages asking what the twin is
 * up to, and two choices, are compared otherwise (sameQuestion).
 */
const SAME_QUESTION_SHARE = 0.5;
/** What the message's words in an answer count for, against the same words in the message it answered. */
const ANSWER_WEIGHT = 0.5;

/** The owner's answers that bear on a message (ownerAnswers). */
interface OwnerAnswers {
  /** Their answer to the same question: said as they wrote it. */
  same: string | null;
  /** Their answer to another question on the same thing, asking the same kind of answer. */
  related: RelatedAnswer | null;
}

/** The owner's answer to another question on the same thing; `taught` when it is a rewrite of theirs. */
interface RelatedAnswer {
  answer: string;
  taught: boolean;
}

const NO_OWNER_ANSWERS: OwnerAnswers = { same: null, related: null };

/**
 * The owner's own answers to messages like this one. `same`: said as they wrote it, their answer to
 * the same question (answersAlike and sameQuestion): a rewrite of theirs ("how I'd say it" on
 * Activity), else the reply they cast to the parent most like the message, its own words on the
 * message counting half as much as the parent's (of two parents on it, the one whose answer is on it
 * too). `related`: the best of their answers to another question on the same thing, which the reply
 * says as the nearest thing they said when nothing they cast is on the message (Planner.offTopic):
 * "zoom out, touch grass, keep building" (to "what do you do when the market dumps?") to "bear
 * market or bull market?" rather than that they never cast about markets. Like means sharing what the
 * message is about (its content words, question words included: "what are you building?" is about
 * building), each word weighed by how much it says what the message is about (topics.ts
 * subjectWeight: "bread" over "best"); then the search's rank. A reply of theirs sounds like
 * them as nothing composed can: it is said whole rather than pieced together.
 */
function ownerAnswers(
  examples: readonly ExamplePair[] | undefined,
  { message, read }: { message: string; read: ReadMessage },
  character: Character,
  budget: number,
): OwnerAnswers {
  if (!examples || examples.length === 0) return NO_OWNER_ANSWERS;
  const subject = read.terms;
  const asked = [...new Set(searchTerms(withoutMentions(message)))];
  if (asked.length === 0) return NO_OWNER_ANSWERS;
  const shape = askedShape(message);
  const question = questionOf(message, read, asked);
  const weight = (terms: readonly string[]) => terms.reduce((sum, term) => sum + subjectWeight(term), 0);
  const whole = weight(asked);
  const termsOf = (text: string) => new Set(searchTerms(withoutMentions(text)));
  const sharedWith = (theirs: ReadonlySet<string>) => asked.filter(sharedBy(theirs));
  type Candidate = { answer: string; taught: boolean; parentShare: number; share: number; score: number };
  const best: Record<'taught' | 'cast' | 'related', Candidate | null> = { taught: null, cast: null, related: null };
  for (const example of examples) {
    const theirs = termsOf(example.message);
    const shared = sharedWith(theirs);
    if (shared.length === 0 || byteLength(example.answer) > budget) continue;
    if (!answersAlike(example.message, theirs, subject, shape)) continue;
    const parentShare = weight(shared) / whole;
    const inAnswer = example.taught ? [] : sharedWith(termsOf(example.answer));
    const share = parentShare + (ANSWER_WEIGHT * weight(inAnswer)) / whole;
    const same = sameQuestion(question, questionOf(example.message, readMessage(example.message, character), theirs));
    const kind = !same ? 'related' : example.taught ? 'taught' : 'cast';
    const current = best[kind];
    if (!current || share > current.share || (share === current.share && example.score > current.score)) {
      best[kind] = { answer: example.answer, taught: example.taught, parentShare, share, score: example.score };
    }
  }
  // What the owner said they would answer weighs most, unless they cast an answer to a message
  // more like this one.
  const { taught, cast, related } = best;
  const same = taught && (!cast || taught.parentShare >= cast.parentShare) ? taught : cast;
  return { same: same?.answer ?? null, related: related && { answer: related.answer, taught: related.taught } };
}

/** Whether a term, or a word that means the same to a search (message.ts withRelated), is among `terms`. */
function sharedBy(terms: ReadonlySet<string>): (term: string) => boolean {
  return (term) => withRelated([term]).some((word) => terms.has(word));
}

/**
 * Whether the owner's answer to another message (`answered`, its terms `theirs`) is on what this one
 * is about (`subject`) and of the kind it asks (`shape`): sharing a word of what this one is about
 * when it is about anything but question words ("best" alone does not make "what is the best pizza?"
 * like "what is the best bread?"), and asking for the same kind of answer (message.ts answersShape:
 * "No, the boat is ashore from November" answers "do you sail in winter?", not "how was the winter
 * sail?").
 */
function answersAlike(
  answered: string,
  theirs: ReadonlySet<string>,
  subject: readonly string[],
  shape: AnswerShape,
): boolean {
  const about = subject.filter((term) => !isTimeTerm(term));
  if (about.length > 0 && !about.some(sharedBy(theirs))) return false;
  return answersShape(askedShape(answered), shape);
}

/** A message as sameQuestion compares it: how it reads, its search terms, and the choice it offers. */
interface Question {
  read: ReadMessage;
  terms: Iterable<string>;
  choice: Choice | null;
}

function questionOf(message: string, read: ReadMessage, terms: Iterable<string>): Question {
  return { read, terms, choice: offeredChoice(message) };
}

/**
 * Whether two messages ask the same question.
 * - Two asking what the twin is up to (message.ts, status) do when they ask about the same time
 *   that comes round again, or none ("today" and "this week" ask about now, as a message without
 *   a time does), and share most of what else they are about, the asking itself counted as one
 *   thing both say, whatever words ask it: "any good weekend plans?" and "what are you up to this
 *   weekend?"; "what are you building with rust?" and "what are you building with rust and wasm?";
 *   not "any plans for tonight?" and "any plans for the weekend?".
 * - Two choices do when they offer the same two things (message.ts sameChoice): "bear market or
 *   bull market?" and "are we in a bull run or a bear?".
 * - Others when they share most of their terms (SAME_QUESTION_SHARE), their time words left out
 *   unless they are about nothing else ("how was your day?").
 */
function sameQuestion(one: Question, other: Question): boolean {
  const share = (a: Iterable<string>, b: Iterable<string>, alike = 0) => {
    const [left, right] = [new Set(a), new Set(b)];
    const together = new Set([...left, ...right]).size + alike;
    return together === 0 ? null : ([...left].filter((term) => right.has(term)).length + alike) / together;
  };
  const untimed = (terms: Iterable<string>) => [...terms].filter((term) => !isTimeTerm(term));
  if (one.read.kind === 'status' && other.read.kind === 'status') {
    const sameTime = share(one.read.times, other.read.times) ?? 1;
    const subject = ({ read }: Question) => untimed(read.terms).filter((term) => !read.times.includes(term));
    return sameTime === 1 && share(subject(one), subject(other), 1)! > SAME_QUESTION_SHARE;
  }
  if (one.choice && other.choice) return sameChoice(one.choice, other.choice);
  const likeness = share(untimed(one.terms), untimed(other.terms)) ?? share(one.terms, other.terms) ?? 0;
  return likeness > SAME_QUESTION_SHARE;
}

/** The chat reply to one message, as the mini-app asks for it. */
export function writeEchoReply(character: Character, message: string): string {
  return writeEcho({ character, conversation: [{ role: 'user', content: message }] });
}

/** Splits a reply into stream chunks of a few words, as a model would stream tokens. */
export function chunkReply(reply: string, wordsPerChunk = 3): string[] {
  const pieces = reply.match(/\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < pieces.length; index += wordsPerChunk) {
    chunks.push(pieces.slice(index, index + wordsPerChunk).join(''));
  }
  return chunks;
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

interface ReplyContext {
  message: string;
  /** What the message asks, as readMessage reads it. */
  read: ReadMessage;
  previousMessage: string | undefined;
  /** The twin's earlier texts: its replies in this conversation, or its earlier posts. */
  earlier: readonly string[];
  budget: number;
  /** A public reply in a thread: kept short. */
  short: boolean;
  remembered?: PersonMemory | undefined;
  /** One of the owner's phrases (owner-words.ts) to say in it, or null. */
  phrase: string | null;
  /** The owner's answer to another question on the same thing (ownerAnswers), or null. */
  related: RelatedAnswer | null;
}

/**
 * A sentence of a plan, or a passage of several said together; optional ones are added by
 * priority (lowest first) while there is room.
 */
interface Slot {
  parts: Part[];
  optional?: number;
}

interface Plan {
  slots: Slot[];
  /** Lines to ask back with, when the look says so; empty for texts that should not ask. */
  askBacks: readonly string[];
}

/** Replies shorter than this (characters, about a dozen words) are brief: framed with the shorter lines. */
const BRIEF_REPLY = 60;

/** Who advice is for, rather than what it is about. */
const ADVICE_AUDIENCE = new Set(['beginner', 'newbie', 'newcomer', 'someone', 'people', 'starting', 'start'].map(stem));

function writeReply(memory: Memory, context: ReplyContext): string {
  const { character } = memory;
  const { read } = context;
  const target = context.short ? Math.min(replyLength(character), 200) : replyLength(character);
  const said = new Said(memory, context.earlier);
  // The look is chosen once per reply: trying other sentences must not re-roll the person's habits.
  const lookPicker = seededPicker(`${character.fid}:${context.message}:look`);
  const look = lookFor(memory, lookPicker, read.kind === 'hostile', true);
  let fallback: { text: string; likeness: number; repeats: boolean } | null = null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const picker = seededPicker(`${character.fid}:${context.message}:${attempt}`);
    const planner = new Planner(memory, picker, attempt, said, context.budget, target < BRIEF_REPLY);
    const plan = withRecall(planner, planner.plan(read, context), read, context);
    // Later attempts frame more, so a reply that keeps coming out like an earlier one changes.
    const limits = {
      target,
      budget: context.budget,
      frameUntil: attempt >= ATTEMPTS / 3 ? (text: string) => said.likeness(text) > 0 : undefined,
    };
    const phrased = withPhrase(plan, context.phrase, context.message);
    const text =
      (phrased && fit(phrased, look, character, limits, picker)) ?? fit(plan, look, character, limits, picker);
    // A reply may be one of their casts whole: what they said is how they would answer. (A post may
    // not: it would be a repost.) Only a reply like an earlier one in the conversation is reframed.
    if (text === null) continue;
    const likeness = said.likeness(text);
    if (likeness === 0) return text;
    // Of replies like an earlier one, one it has not said word for word (framed otherwise) first.
    const repeats = said.repeats(text);
    if (!fallback || (fallback.repeats && !repeats) || (fallback.repeats === repeats && likeness < fallback.likeness)) {
      fallback = { text, likeness, repeats };
    }
  }
  return fallback?.text ?? lastResort(memory);
}

/** Kinds of message a reply may open by referring back to the person's earlier exchange. */
const RECALLING_KINDS = new Set<ReadMessage['kind']>(['greeting', 'status', 'question', 'advice', 'joke']);

/** The plan with a sentence that refers back to what the person talked about before, after any greeting. */
function withRecall(planner: Planner, plan: Plan, read: ReadMessage, context: ReplyContext): Plan {
  if (!RECALLING_KINDS.has(read.kind)) return plan;
  const opens = read.greeted || read.kind === 'greeting';
  const recall = planner.line(recallLines(context.remembered, { terms: read.terms, opens }, context.earlier));
  if (recall.length === 0) return plan;
  const at = opens ? 1 : 0;
  return { ...plan, slots: [...plan.slots.slice(0, at), ...recall, ...plan.slots.slice(at)] };
}

/**
 * The plan with the owner's phrase said in it: after what it answers and before any question back,
 * as one of its sentences, so it counts toward the person's length (fewer lines of the twin's own go
 * in) and the reply's emoji stays at its end. Null without a phrase, or when the phrase speaks to no
 * word of the message that the plan leaves unsaid: one that only shares the subject the answer is on
 * adds a saying to it rather than an answer ("the garden is asleep for winter so now i bake twice as
 * much, water deep, not often, the garden knows" to "what do you put in your garden first in
 * spring?"), or names the same things twice ("pepper and biscuit had a fight over one sunbeam, pepper
 * and biscuit, both menaces").
 */
function withPhrase(plan: Plan, phrase: string | null, message: string): Plan | null {
  if (phrase === null) return null;
  const planned = new Set(plan.slots.flatMap((slot) => slot.parts.flatMap((part) => searchTerms(part.text))));
  const asked = new Set(searchTerms(message));
  const adds = searchTerms(phrase).some((term) => asked.has(term) && !planned.has(term));
  return adds ? { ...plan, slots: [...plan.slots, { parts: [{ text: phrase, own: false }] }] } : null;
}

/** When nothing else came out: what the twin casts about, plainly. */
function lastResort(memory: Memory): string {
  const look = lookFor(memory, seededPicker(`${memory.character.fid}`), true);
  return render([own(framing.whatICastAbout(memory.topics)[0]!)], look, memory.character);
}

/** What the twin already said in this conversation (or in earlier posts): said again only if nothing else fits. */
class Said {
  private readonly sentences: Set<string>;
  private readonly texts: string[];

  constructor(memory: Memory, earlier: readonly string[]) {
    this.texts = earlier.map(normalizeForComparison);
    this.sentences = new Set(
      memory.comparableSentences.filter(
        (sentence) => sentence.length > 0 && this.texts.some((text) => text.includes(sentence)),
      ),
    );
  }

  sentence(text: string): boolean {
    return this.sentences.has(normalizeForComparison(text));
  }

  /** How many earlier texts say nearly the same as `text`. */
  likeness(text: string): number {
    const normalized = normalizeForComparison(text);
    return this.texts.filter((earlier) => nearlyEqualNormalized(earlier, normalized)).length;
  }

  /** Whether an earlier text is `text` word for word. */
  repeats(text: string): boolean {
    const normalized = normalizeForComparison(text);
    return this.texts.includes(normalized);
  }

  /** An own line counts as said when an earlier text has it word for word. */
  line(text: string): boolean {
    const normalized = normalizeForComparison(text);
    return this.texts.some((earlier) => earlier.includes(normalized));
  }
}

/** Chooses the sentences of one candidate text. */
class Planner {
  constructor(
    private readonly memory: Memory,
    private readonly picker: Picker,
    private readonly attempt: number,
    private readonly said: Said,
    private readonly budget: number,
    /** The person writes brief replies: of interchangeable lines, the shorter half. */
    private readonly brief = false,
  ) {}

  plan(read: ReadMessage, context: ReplyContext): Plan {
    const { character, topics } = this.memory;
    const greeting = read.greeted ? this.line(framing.greetings(character, this.memory.saysGm)) : [];
    const asks = framing.askBacks(character, 'answer');

    switch (read.kind) {
      case 'identity': {
        const askedIfPerson = /\b(?:real|human|person|alive|sentient|really|actually)\b|@/i.test(context.message);
        const lines = framing.identityLines(character, askedIfPerson);
        return {
          slots: [
            ...this.line(lines.claim),
            ...this.line(lines.how),
            ...this.optional(framing.topicInvites(topics), 1),
          ],
          askBacks: [],
        };
      }
      case 'hostile':
        return {
          slots: [...this.line(framing.calmAnswers(character)), ...this.optional(framing.calmInvites(topics), 1)],
          askBacks: [],
        };
      case 'thanks':
        return { slots: this.line(framing.THANKS_ANSWERS), askBacks: [] };
      case 'greeting': {
        const status = this.passage(this.memory.ofKind('status'), this.memory.recent());
        return {
          slots: [
            ...this.line(framing.greetings(character, this.memory.saysGm)),
            ...(read.askedHowItIs ? this.line(framing.howIAm(character)) : []),
            ...(status ? [...this.optional(framing.statusIntros(character), 2), ...this.borrowed(status)] : []),
          ],
          askBacks: framing.askBacks(character, 'greeting'),
        };
      }
      case 'status': {
        // "any news on the indexer?": news about that, if they cast about it.
        const covered = this.covers(read.terms);
        const news = covered
          ? this.memory.ofKindMatching('status', read.terms).filter((passage) => passage.score > 1.6)
          : [];
        // "any weekend plans?": what they cast about weekends, before their newest news of the week.
        const { times } = read;
        const status = this.passage(
          news,
          covered ? this.memory.matching(withRelated(read.terms)) : [],
          times.length > 0 ? this.memory.matching(times) : [],
          this.memory.ofKind('status'),
          this.memory.recent(),
        );
        if (!status) return this.notCastAbout(greeting, context);
        // What they do at the time asked about is no news of late: no "lately, mostly this" before it.
        const words = new Set(status.sentences.flatMap((sentence) => searchTerms(sentence.text)));
        const onTime = times.some((term) => words.has(term));
        return {
          slots: [
            ...greeting,
            ...(read.askedHowItIs ? this.line(framing.howIAm(character)) : []),
            ...(onTime ? [] : this.optional(framing.statusIntros(character), 1)),
            ...this.borrowed(status),
            ...this.optional(framing.closers(character), 3),
          ],
          askBacks: framing.askBacks(character, 'greeting'),
        };
      }
      case 'joke': {
        const funny = this.passage(this.memory.ofKind('humour', read.terms));
        if (funny) {
          return {
            slots: [
              ...greeting,
              ...this.line(framing.jokeIntros(character)),
              ...this.borrowed(funny),
              ...this.optional(framing.jokeClosers(character), 1),
            ],
            askBacks: [],
          };
        }
        return {
          slots: [
            ...greeting,
            ...this.line(framing.NO_JOKES),
            ...this.line(framing.topicInvites(topics)),
            ...this.optional(framing.jokeClosers(character), 1),
          ],
          askBacks: [],
        };
      }
      case 'cast':
        return this.castTake(read, asks);
      case 'advice':
        return this.advice(read, context, greeting, asks);
      case 'question':
        return this.question(read, context, greeting, asks);
    }
  }

  private advice(read: ReadMessage, context: ReplyContext, greeting: Slot[], asks: readonly string[]): Plan {
    const { character } = this.memory;
    // "advice for a beginner?" asks for advice in general; "advice on sourdough?" about sourdough.
    const terms = read.terms.filter((term) => !ADVICE_AUDIENCE.has(term));
    let advice: Passage | undefined;
    if (terms.length > 0) {
      if (!this.covers(terms)) return this.offTopic(terms, context, greeting, asks);
      const matchingAdvice = this.memory.ofKindMatching('advice', terms);
      advice = this.passage(matchingAdvice, this.memory.matching(withRelated(terms)));
      if (!advice) return this.tooLong(read, greeting);
    } else {
      const given = this.memory.ofKind('advice');
      if (given.length === 0) {
        const instead = this.topicPassage();
        return {
          slots: instead
            ? [...greeting, ...this.line(framing.NO_ADVICE), ...this.borrowed(instead)]
            : [...greeting, ...this.line(framing.NO_ADVICE_AT_ALL), ...this.whatItCastsAbout()],
          askBacks: [],
        };
      }
      advice = this.passage(given);
      // Advice already given is not given again as if new.
      if (!advice || advice.sentences.some((sentence) => this.said.sentence(sentence.text))) {
        return {
          slots: [
            ...greeting,
            ...this.line(framing.NO_MORE_ADVICE),
            ...this.whatItCastsAbout(),
            ...this.borrowed(this.topicPassage(), 1),
          ],
          askBacks: [],
        };
      }
    }
    return {
      slots: [
        ...greeting,
        ...this.optional(framing.adviceIntros(character), 1),
        ...this.borrowed(advice),
        ...this.optional(framing.adviceClosers(character), 2),
      ],
      askBacks: asks,
    };
  }

  private question(read: ReadMessage, context: ReplyContext, greeting: Slot[], asks: readonly string[]): Plan {
    const { character } = this.memory;
    let terms = read.terms;
    let intros = framing.answerIntros(character);
    // "why?", "and then?": about whatever the message before was about.
    if (terms.length === 0 && context.previousMessage !== undefined) {
      terms = readMessage(context.previousMessage, character).terms;
      intros = [...framing.FOLLOW_UP_INTROS];
    }
    if (terms.length === 0) {
      return {
        slots: [
          ...greeting,
          ...this.line(framing.VAGUE),
          ...this.whatItCastsAbout(),
          ...this.borrowed(this.topicPassage(), 1),
        ],
        askBacks: asks,
      };
    }
    if (!this.covers(terms)) return this.offTopic(terms, context, greeting, asks);
    const ranked = this.memory.matching(withRelated(terms));
    const answer = this.passage(ranked);
    if (!answer) return this.tooLong(read, greeting);
    const second = this.passage(
      ranked.filter((passage) => passage.sentences[0]!.castIndex !== answer.sentences[0]!.castIndex),
    );
    return {
      slots: [
        ...greeting,
        ...this.optional(intros, 2),
        ...this.borrowed(answer),
        // More of their own words before any line of the twin's.
        ...this.borrowed(second, 1),
        ...this.optional(framing.closers(character), 3),
      ],
      askBacks: asks,
    };
  }

  /**
   * Its take on a shared cast: what its owner cast about the same things, introduced as a take on
   * that cast. A cast about what they never cast about gets no made-up opinion: it says so and
   * turns to what it does cast about.
   */
  private castTake(read: ReadMessage, asks: readonly string[]): Plan {
    const { character, topics } = this.memory;
    const author = read.castAuthor;
    const turnToTopics = (lines: readonly string[]): Plan => ({
      slots: [...this.line(lines), ...this.whatItCastsAbout(), ...this.borrowed(this.topicPassage(), 1)],
      askBacks: [],
    });
    if (read.terms.length === 0) return turnToTopics(framing.castWithoutWords(author));
    // A cast is someone else's words, many of them: one of the twin's topics, or a few words (two
    // at least, a third of them) it casts about too, is enough for a take; one stray word is not.
    const known = read.terms.filter((term) => withRelated([term]).some((word) => this.memory.knows(word)));
    const onTopic = known.some((term) => topics.some((topic) => stem(topic) === term));
    const covered = onTopic || known.length >= Math.max(2, Math.ceil(read.terms.length / 3));
    const ranked = covered ? this.memory.matching(withRelated(known)) : [];
    const take = this.passage(ranked);
    if (!take) return turnToTopics(framing.castOutsideMyLane(author));
    const second = this.passage(
      ranked.filter((passage) => passage.sentences[0]!.castIndex !== take.sentences[0]!.castIndex),
    );
    return {
      slots: [
        ...this.line(framing.castTakeIntros(character, author)),
        ...this.borrowed(take),
        ...this.borrowed(second, 2),
        ...this.optional(framing.closers(character), 3),
      ],
      askBacks: asks,
    };
  }

  /**
   * Whether the casts are about what was asked: they use at least half of its words ("who will win
   * the cricket world cup?" is not answered by a cast that mentions a win).
   */
  private covers(terms: readonly string[]): boolean {
    const known = terms.filter((term) => withRelated([term]).some((word) => this.memory.knows(word))).length;
    return known > 0 && known >= Math.ceil(terms.length / 2);
  }

  /**
   * A message on what their casts are not about: the nearest thing they said, said as near rather
   * than on it: their answer to another question on the same thing, else their sentences nearest a
   * question they cast about only in part; else that they have not cast about it.
   */
  private offTopic(terms: readonly string[], context: ReplyContext, greeting: Slot[], asks: readonly string[]): Plan {
    const { related } = context;
    const answer = related !== null && !this.said.line(related.answer) ? related : null;
    const near: Slot[] = answer
      ? [{ parts: [{ text: answer.answer, own: false }] }]
      : this.borrowed(this.passage(nearestPassages(this.memory, terms)));
    if (near.length === 0) return this.notCastAbout(greeting, context, asks);
    // A rewrite the owner taught on Activity was never cast: it is not said to be.
    const intros = answer?.taught ? TAUGHT_NEAREST_INTROS : NEAREST_INTROS;
    return { slots: [...greeting, ...this.line(intros), ...near], askBacks: asks };
  }

  /**
   * A message nothing they cast is on: a phrase the owner saved on it (owner-words.ts
   * ownerPhraseFor), said as their answer ("tabs or spaces?": "tabs, and let the formatter argue"),
   * rather than that it has not cast about it followed by the owner's words on it; else that it has
   * not cast about it and what it casts about.
   */
  private notCastAbout(greeting: Slot[], context: ReplyContext, asks: readonly string[] = []): Plan {
    if (context.phrase !== null) {
      return { slots: [...greeting, { parts: [{ text: context.phrase, own: false }] }], askBacks: asks };
    }
    return {
      slots: [
        ...greeting,
        ...this.line(framing.NOT_CAST_ABOUT),
        ...this.whatItCastsAbout(),
        ...this.borrowed(this.topicPassage(), 1),
      ],
      askBacks: [],
    };
  }

  /**
   * What it casts about: the owner's about-me line, their own words on what they are about, where
   * they wrote one that fits and it was not said earlier in the conversation; else its topics.
   */
  private whatItCastsAbout(): Slot[] {
    const aboutMe = aboutMeOf(this.memory.character, this.budget);
    if (aboutMe !== null && !this.said.line(aboutMe)) {
      return [{ parts: [{ text: aboutMe, own: false }] }];
    }
    return this.line(framing.whatICastAbout(this.memory.topics));
  }

  /** They cast about it, but nothing they said about it fits the channel. */
  private tooLong(read: ReadMessage, greeting: Slot[]): Plan {
    const subject = read.subject.find((word) => this.memory.knows(stem(word))) ?? 'that';
    return { slots: [...greeting, ...this.line(framing.tooLongToQuote(subject))], askBacks: [] };
  }

  /** A passage about one of the twin's topics, for turning a conversation toward them. */
  private topicPassage(): Passage | undefined {
    return this.passage(...this.memory.topics.map((topic) => this.memory.about(topic)), this.memory.recent());
  }

  /**
   * One passage of the ranked ones: not said earlier if possible, cut down (never mid-sentence) to
   * fit the channel, the best one first and others on later attempts.
   */
  passage(...rankings: Passage[][]): Passage | undefined {
    const room = Math.floor(this.budget * 0.9);
    const fitting = rankings.map((ranked) =>
      ranked.flatMap((passage) => {
        const cut = Number.isFinite(room) ? shrink(passage, room) : passage;
        return cut && byteLength(passageText(cut)) <= room ? [cut] : [];
      }),
    );
    const fresh = fitting.map((ranked) =>
      ranked.filter((passage) => !passage.sentences.some((sentence) => this.said.sentence(sentence.text))),
    );
    // Something not said yet from any ranking before something said already from the best one.
    for (const pool of [...fresh, ...fitting]) {
      if (pool.length > 0) return pool[this.attempt % Math.min(pool.length, 2 + this.attempt)];
    }
    return undefined;
  }

  /** A passage's sentences, said together or not at all. */
  borrowed(passage: Passage | undefined, optional?: number): Slot[] {
    if (!passage) return [];
    const parts = passage.sentences.map((sentence) => ({ text: sentence.text, own: false }));
    return [optional === undefined ? { parts } : { parts, optional }];
  }

  /** One of the lines, preferring one not said before. */
  line(lines: readonly string[], optional?: number): Slot[] {
    const unsaid = lines.filter((line) => !this.said.line(line));
    const fresh = unsaid.length > 0 ? unsaid : lines;
    if (fresh.length === 0) return [];
    const pool = this.brief ? shorterHalf(fresh) : fresh;
    const parts = [own(this.picker.pick(pool))];
    return [optional === undefined ? { parts } : { parts, optional }];
  }

  optional(lines: readonly string[], priority: number): Slot[] {
    return this.line(lines, priority);
  }
}

/** The shorter half of interchangeable lines (at least one), in their order. */
function shorterHalf(lines: readonly string[]): string[] {
  const cutoff = [...lines].sort((a, b) => a.length - b.length)[Math.ceil(lines.length / 2) - 1]!.length;
  return lines.filter((line) => line.length <= cutoff);
}

/**
 * The plan written out within the budget: its required sentences; then optional ones by priority
 * while the text is shorter than the person's usual length (borrowed passages only if they keep it
 * near that length), or, given `frameUntil`, one after another while the text is still like an
 * earlier reply; then a question back if the look asks for one.
 * Null when even the required sentences do not fit.
 */
function fit(
  plan: Plan,
  look: Look,
  character: Character,
  limits: { target: number; budget: number; frameUntil?: ((text: string) => boolean) | undefined },
  picker: Picker,
): string | null {
  const { target, budget, frameUntil } = limits;
  const included = plan.slots.map((slot) => slot.optional === undefined);
  const write = (extra: Part[] = []) =>
    render(
      [...plan.slots.filter((_, index) => included[index]).flatMap((slot) => slot.parts), ...extra],
      look,
      character,
    );
  if (included.every((kept) => !kept) || byteLength(write()) > budget) return null;
  const optional = plan.slots
    .map((slot, index) => ({ slot, index }))
    .filter(({ slot }) => slot.optional !== undefined)
    .sort((a, b) => a.slot.optional! - b.slot.optional! || a.index - b.index);
  for (const { slot, index } of optional) {
    const before = write().length;
    const ownLine = slot.parts.every((part) => part.own);
    if (frameUntil) {
      // Framed only as much as it takes to stop saying an earlier reply again.
      if (!frameUntil(write())) break;
      included[index] = true;
      if (byteLength(write()) > budget) included[index] = false;
      continue;
    }
    if (before >= target) continue;
    included[index] = true;
    const after = write();
    // A line of its own is words the person never wrote: added only when it brings the text nearer
    // their length, not merely because the text is short of it.
    const tooLong = ownLine
      ? Math.abs(after.length - target) >= Math.abs(before - target)
      : after.length > target * 1.3;
    if (byteLength(after) > budget || tooLong) included[index] = false;
  }
  if (look.asksBack && plan.askBacks.length > 0) {
    const asked = write([own(picker.pick(plan.askBacks))]);
    if (byteLength(asked) <= budget) return asked;
  }
  return write();
}

// ---- Posts ----

/**
 * An original post: one of the twin's topics in turn, a passage of theirs about it not used in an
 * earlier post, opened by a lead or closed by a line of its own (or paired with a second short
 * passage), never a cast of theirs word for word and never like an earlier post.
 */
function writePost(memory: Memory, earlierPosts: readonly string[], budget: number): string {
  const { character, topics } = memory;
  const target = Math.min(budget, targetLength(character) * 1.3);
  const said = new Said(memory, earlierPosts);
  const asks = character.traits['Social energy'] === 'Extrovert' ? framing.askBacks(character, 'post') : [];
  const lookPicker = seededPicker(`${character.fid}:post:${earlierPosts.length}:look`);
  const look = { ...lookFor(memory, lookPicker), asksBack: asks.length > 0 && lookPicker.chance(0.4) };
  let fallback: { text: string; likeness: number } | null = null;
  for (let attempt = 0; attempt < ATTEMPTS * 2; attempt++) {
    const picker = seededPicker(`${character.fid}:post:${earlierPosts.length}:${attempt}`);
    const topic = topics.length > 0 ? topics[(earlierPosts.length + attempt) % topics.length] : undefined;
    const planner = new Planner(memory, picker, Math.floor(attempt / Math.max(1, topics.length)), said, budget);
    const about = topic ? memory.about(topic) : [];
    const first = planner.passage(about, memory.recent());
    if (!first) return postWithoutCasts(memory, earlierPosts);
    const second = planner.passage(
      about.filter((passage) => passage.sentences[0]!.castIndex !== first.sentences[0]!.castIndex),
    );
    // Two short passages read in the order they were cast (casts are newest first).
    const pair =
      second && passageText(first).length + passageText(second).length <= target
        ? [first, second].sort((a, b) => b.sentences[0]!.castIndex - a.sentences[0]!.castIndex)
        : undefined;
    const closers = framing.closers(character);
    const shape = picker.pick(['lead', 'lead', 'closer', 'pair'] as const);
    const slots: Slot[] =
      shape === 'pair' && pair
        ? [...planner.borrowed(pair[0]), ...planner.borrowed(pair[1]), ...planner.optional(closers, 1)]
        : shape === 'closer' && closers.length > 0
          ? [...planner.borrowed(first), ...planner.line(closers)]
          : [
              ...planner.line(framing.postLeads(character, topic)),
              ...planner.borrowed(first),
              ...planner.optional(closers, 1),
            ];
    const text = fit({ slots, askBacks: asks }, look, character, { target, budget }, picker);
    if (text === null || memory.repeatsACast(text)) continue;
    if (character.casts.some((cast) => nearlyEqual(cast, text, 0.85))) continue;
    const likeness = earlierPosts.filter((earlier) => nearlyEqual(earlier, text)).length;
    if (likeness === 0) return text;
    if (!fallback || likeness < fallback.likeness) fallback = { text, likeness };
  }
  // Never the same post twice: when every attempt is like an earlier post, a line of its own instead.
  if (
    fallback &&
    !earlierPosts.some((earlier) => normalizeForComparison(earlier) === normalizeForComparison(fallback.text))
  ) {
    return fallback.text;
  }
  return postWithoutCasts(memory, earlierPosts);
}

/** A post for a twin with nothing of its owner's to say yet: a line of its own, not one it posted before. */
function postWithoutCasts(memory: Memory, earlierPosts: readonly string[]): string {
  const lines = framing.postsWithoutCasts(memory.character);
  const fresh = lines.filter((line) => !earlierPosts.some((earlier) => nearlyEqual(earlier, line)));
  const line = fresh[0] ?? lines[earlierPosts.length % lines.length]!;
  return render([own(line)], lookFor(memory, seededPicker(`${memory.character.fid}:post`)), memory.character);
}
