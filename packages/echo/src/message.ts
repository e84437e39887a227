import type { Character } from './character.ts';
import { contentWords, stem, stripEmojis } from './text.ts';

/** What a message asks of the twin, as far as the offline engine can tell. */
export type MessageKind =
  /** "are you an AI?", "are you a bot / real / @them?": it says it is their AI twin. */
  | 'identity'
  /** Insults and "shut up": a calm, brief answer, no insult back. */
  | 'hostile'
  | 'thanks'
  | 'joke'
  | 'advice'
  /** "what are you working on / up to?", "what's on your mind?", "any weekend plans?" */
  | 'status'
  /** Only a greeting ("gm", "hey, how are you?"). */
  | 'greeting'
  /** "What do you think of this cast by @alice: “…”?" (a cast shared to the app): its take on the quoted cast. */
  | 'cast'
  /** Anything else: answered from the casts that match it, or honestly not. */
  | 'question';

export interface ReadMessage {
  kind: MessageKind;
  /** The message opened with a greeting ("gm! what is on your mind?"). */
  greeted: boolean;
  /** It also asked how the twin is doing. */
  askedHowItIs: boolean;
  /** The words that say what it is about, as written, without the words any question is made of. */
  subject: string[];
  /** The same, stemmed, for search. */
  terms: string[];
  /**
   * The times that come round again it asks about, stemmed, with their like ("any weekend plans?":
   * the weekend and its days); not from its greeting ("good morning") nor a mentioned handle.
   */
  times: string[];
  /** For a cast's take: who wrote the cast, as the message names them ("@alice"). */
  castAuthor?: string;
}

/**
 * Words that shape a question rather than say what it is about ("what do you *think* about
 * fungi?"): matching a cast on them would answer a question nobody asked.
 */
const QUESTION_WORDS = new Set(
  `think thoughts thought opinion opinions feel feeling feelings favourite favorite fave best worst tell talk
ask asking answer say saying news anything something everything someone anyone everyone people person like
love care cares why lately today tonight week weekend plans recently currently now right mind doing working work building
build busy advice tips tip recommend recommendation recommendations suggestion suggestions
pointers help joke jokes funny laugh hey hello thanks thank please really real honestly
okay cool nice sure kind sort stuff things bit`.split(/\s+/),
);

/** Words that say when a question is asked about ("these days", "this week"), stemmed: not what it asks. */
const TIME_WORDS = new Set(
  'today tonight tomorrow yesterday day days week weekend month year lately recently currently now morning evening night these'
    .split(' ')
    .map(stem),
);

/** Whether a stemmed term says only when a question is about (TIME_WORDS). */
export function isTimeTerm(term: string): boolean {
  return TIME_WORDS.has(term);
}

/**
 * Times that come round again, stemmed, which a cast can be about as much as a question: "rainy
 * sunday = bake day" tells what they do at weekends. Not "today" or "this week", which only ask
 * for what is newest.
 */
const RECURRING_TIMES = new Set(['weekend', 'saturday', 'sunday', 'tonight', 'morning', 'evening'].map(stem));

/** The recurring times among a text's content words ("any weekend plans?": the weekend), with their like (RELATED). */
function timesIn(words: readonly string[]): string[] {
  return withRelated(words.map(stem).filter((term) => RECURRING_TIMES.has(term)));
}

const GREETING =
  /^(?:gm+|gn|good\s+(?:morning|afternoon|evening|night)|hi+|hey+(?:\s+there)?|hello+(?:\s+there)?|heya|hiya|yo+|sup|howdy|hola|buen(?:os)?\s+d[ií]as?|morning|evening)\b[\s!.,~]*/iu;
const HOW_ARE_YOU =
  /\b(?:how\s+(?:are|r)\s+(?:you|u|ya|things)|how(?:'?s|\s+is)\s+(?:it\s+going|things|your\s+day)|how\s+(?:have\s+)?you\s+been|how'?s\s+(?:life|everything)|what'?s\s+up|wh?at'?s\s+good|wassup|sup)\b[\s?!.,]*/iu;
const IDENTITY =
  /\b(?:(?:are|r)\s+(?:you|u|ya)\s+(?:an?\s+|the\s+)?(?:real\s+)?(?:ai|a\.i\.?|bot|robot|real|human|person|machine|llm|gpt|chatgpt|program|agent|twin|clone|fake|npc|alive|sentient)\b|(?:you'?re|you\s+are|ur)\s+(?:an?\s+|just\s+an?\s+)?(?:ai|bot|robot|fake)\b|who\s+(?:are|r)\s+(?:you|u)\b|what\s+(?:are|r)\s+(?:you|u)\s*(?:exactly|really)?\s*\??$|(?:am\s+i|are\s+we)\s+(?:talking|chatting|speaking)\s+(?:to|with)\b|is\s+this\s+(?:a\s+)?(?:bot|ai|real|human)\b)/iu;
const HOSTILE =
  /\b(?:shut\s+up|stfu|f+u+c*k+\s+(?:you|off|u)|screw\s+you|go\s+away|get\s+lost|nobody\s+cares|no\s+one\s+cares|hate\s+(?:you|u|this)|you\s+suck|u\s+suck|this\s+sucks|(?:you|u|you're|youre|ur|you\s+are)\s+(?:so\s+|such\s+an?\s+|an?\s+|just\s+an?\s+)?(?:stupid|idiot|dumb|trash|garbage|useless|boring|loser|clown|pathetic|lame|annoying|worthless|moron|joke|fraud|terrible|awful|the\s+worst))/iu;
const INSULT_WORDS = /\b(?:stupid|idiot|dumb|trash|garbage|useless|pathetic|worthless|moron)\b/iu;
const THANKS = /^(?:thanks|thank\s+you|thx|ty|cheers|appreciate\s+(?:it|that)|much\s+appreciated)\b/iu;
const JOKE = /\b(?:jokes?|say\s+something\s+funny|make\s+me\s+laugh|something\s+funny|funniest|pun|puns|humou?r)\b/iu;
const ADVICE =
  /\b(?:advice|tips?|pointers|recommend\w*|suggest\w*|should\s+i|how\s+(?:do|can|should|would)\s+i|what\s+would\s+you\s+do|where\s+(?:do|should)\s+i\s+start|any\s+lessons)\b/iu;
const STATUS =
  /\b(?:what\s+(?:are|r)\s+(?:you|u)\s+(?:working\s+on|building|up\s+to|doing|making|shipping|into)|what\s+(?:have|'ve)\s+you\s+been\s+(?:up\s+to|doing|working\s+on)|what'?s\s+(?:on\s+your\s+mind|new|next|the\s+latest|happening)|what\s+is\s+(?:on\s+your\s+mind|new|next)|any\s+(?:news|updates?)|how'?s\s+(?:the\s+)?(?:work|project|week)|what'?s\s+keeping\s+you\s+busy|(?:any|got)\s+(?:\w+\s+)?plans\b|(?:weekend|tonight'?s?)\s+plans\b|plans\s+for\s+(?:the\s+|this\s+|tonight|today|tomorrow)|what\s+(?:are|r)\s+(?:you|u)\s+\w+ing\s+(?:this\s+(?:weekend|week|evening)|tonight|today))\b/iu;

/**
 * The mini-app's question about a shared cast (and the like typed by hand, or cast at the twin after
 * its @mention): "what do you think of this cast by @alice: “text”?". The quote runs to the last
 * closing quote, so quotes inside it stay.
 */
const CAST_TAKE =
  /^\s*(?:@[\w.-]+[\s,]+)*what\s+do\s+you\s+(?:think|make)\s+(?:of|about)\s+(?:this|that)\s+cast(?:\s+by\s+([^:“"?]{1,80}?))?(?:\s*:\s*[“"]([\s\S]*)[”"])?\s*\??\s*$/iu;

/**
 * Whose cast it is, as the twin may repeat it: one @username or "fid N". Anything else the author
 * line holds ("@a @b @c", a display name) is the asker's text, not the twin's words: not repeated.
 */
const CAST_AUTHOR = /^(?:@[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?|fid \d{1,12})$/i;

/** A text with its @mentions left out (a cast answered opens with the twin's), one space where each was. */
export function withoutMentions(text: string): string {
  return text.replace(/(^|\s)@\w[\w.-]*/g, ' ');
}

/** What a quoted cast is about: its words without links and mentions, nor the words any question is made of. */
function castSubject(quote: string): string[] {
  const text = withoutMentions(quote.replace(/https?:\/\/\S+/g, ' '));
  return [...new Set(contentWords(text).filter((word) => !QUESTION_WORDS.has(word)))];
}

/** Names the person goes by, for "are you teo?": their username and display name. */
function namesOf(character: Pick<Character, 'username' | 'displayName'>): string[] {
  const display = stripEmojis(character.displayName)
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  const first = display.split(' ')[0] ?? '';
  const names = [character.username.toLowerCase(), display];
  if (first.length >= 3 && !/^(?:dr|mr|mrs|ms|chef|the|sir)\.?$/.test(first)) names.push(first);
  return names.filter((name) => name.length >= 2);
}

function asksIfPerson(text: string, character: Pick<Character, 'username' | 'displayName'>): boolean {
  const lower = stripEmojis(text).toLowerCase();
  return namesOf(character).some((name) => {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(
      `\\b(?:are|r)\\s+(?:you|u)\\s+(?:really\\s+|the\\s+real\\s+|actually\\s+)?@?${escaped}(?![\\w-])|\\bis\\s+(?:this|that|it)\\s+(?:really\\s+|actually\\s+)?@?${escaped}(?![\\w-])`,
      'iu',
    ).test(lower);
  });
}

/** Reads a message's kind and what it is about. `text` is what the person wrote, mentions stripped or not. */
export function readMessage(text: string, character: Pick<Character, 'username' | 'displayName'>): ReadMessage {
  // A shared cast is read for what it is about: its words are the cast author's, not said to the
  // twin, so a greeting, an insult or "are you an AI?" inside the quote does not make the message one.
  const castTake = text.match(CAST_TAKE);
  if (castTake) {
    const subject = castSubject(castTake[2] ?? '');
    const author = castTake[1]?.trim().replace(/\s+/g, ' ');
    return {
      kind: 'cast',
      greeted: false,
      askedHowItIs: false,
      subject,
      terms: [...new Set(subject.map(stem))],
      times: [],
      ...(author && CAST_AUTHOR.test(author) ? { castAuthor: author } : {}),
    };
  }
  const cleaned = text.replace(/\s+/g, ' ').trim();
  const unmentioned = withoutMentions(cleaned).replace(/\s+/g, ' ').trim();
  const greeting = unmentioned.match(GREETING);
  let rest = greeting ? unmentioned.slice(greeting[0].length) : unmentioned;
  const howAreYou = rest.match(HOW_ARE_YOU);
  if (howAreYou) rest = rest.replace(HOW_ARE_YOU, ' ').trim();
  const words = contentWords(rest);
  const subject = [...new Set(words.filter((word) => !QUESTION_WORDS.has(word)))];
  const terms = [...new Set(subject.map(stem))];
  const base = { greeted: greeting !== null, askedHowItIs: howAreYou !== null, subject, terms, times: timesIn(words) };

  if (IDENTITY.test(cleaned) || asksIfPerson(cleaned, character)) return { ...base, kind: 'identity' };
  if (HOSTILE.test(cleaned) || (INSULT_WORDS.test(cleaned) && /\b(?:you|u|ur|your)\b/i.test(cleaned))) {
    return { ...base, kind: 'hostile' };
  }
  if (THANKS.test(unmentioned)) return { ...base, kind: 'thanks' };
  if (JOKE.test(rest)) return { ...base, kind: 'joke' };
  if (ADVICE.test(rest)) return { ...base, kind: 'advice' };
  if (STATUS.test(rest) || STATUS.test(unmentioned)) return { ...base, kind: 'status' };
  if ((greeting || howAreYou) && terms.length === 0) return { ...base, kind: 'greeting' };
  return { ...base, kind: 'question' };
}

/**
 * Words that mean the same thing to a search of casts, stemmed, a group each. Meals are what people
 * cast about as food: "what did you have for lunch?" finds a food rec; the weekend is its days. The
 * weather and its adjective are one thing: "sunny today?" finds "sun finally out going for a spin",
 * "any wind?" finds "windy af today" (the stemmer keeps them apart, as it keeps "party" from "part").
 */
const RELATED: readonly (readonly string[])[] = [
  ['food', 'meal', 'eat', 'lunch', 'dinner', 'breakfast', 'brunch', 'snack'],
  ['weekend', 'saturday', 'sunday'],
  ['sun', 'sunny', 'sunshine'],
  ['rain', 'rainy'],
  ['wind', 'windy'],
  ['snow', 'snowy'],
  ['ice', 'icy'],
  ['fog', 'foggy'],
  ['cloud', 'cloudy'],
  ['storm', 'stormy'],
  ['frost', 'frosty'],
  ['mist', 'misty'],
].map((group) => group.map(stem));

/** The terms and the words that mean the same thing to a search of casts (RELATED). */
export function withRelated(terms: readonly string[]): string[] {
  return [...new Set(terms.flatMap((term) => [term, ...RELATED.filter((group) => group.includes(term)).flat()]))];
}

/**
 * The answer a message asks for: a yes or a no ("do you ride in the winter?"), one of the things it
 * offers ("road or gravel?"), or anything else ("how was the night sail?").
 */
export type AnswerShape = 'yes-no' | 'choice' | 'open';

const ASKS_YES_OR_NO =
  /^(?:is|are|was|were|am|do|does|did|can|could|should|would|will|have|has|had|isn't|aren't|don't|doesn't|didn't)\b/;

/** A message as its shape is read: no mentions, no emoji, lower case, single spaces. */
function plainQuestion(message: string): string {
  return withoutMentions(stripEmojis(message)).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The answer `message` asks for; a choice that offers yes or no ("milk in coffee, yes or no?") asks for one. */
export function askedShape(message: string): AnswerShape {
  const text = plainQuestion(message);
  if (/\byes or no\b/.test(text)) return 'yes-no';
  if (/\w\s+or\s+\w/.test(text)) return 'choice';
  return ASKS_YES_OR_NO.test(text.replace(GREETING, '').trim()) ? 'yes-no' : 'open';
}

/** The two sides of a choice, each the stemmed content words next to its "or", the nearest first. */
export type Choice = readonly [readonly string[], readonly string[]];

/** How many content words next to its "or" a choice's two sides are read from. */
const CHOICE_WORDS = 2;
/** A choice's text before and after its first "or". */
const CHOICE = /^(.*?\w)\s+or\s+(\w.*)$/;

/**
 * What a choice offers ("bear market or bull market?": bear, and bull): up to two content words
 * next to its first "or" on either side, stemmed, a word said on both sides ("market") left out, as
 * it is what the two have in common; a greeting before it is not read. Null for a message that offers
 * no choice, one between yes and no, or one with a side left without words ("is it ai or ml?").
 */
export function offeredChoice(message: string): Choice | null {
  const text = plainQuestion(message);
  if (/\byes or no\b/.test(text)) return null;
  // After any greeting ("good morning! beer or coffee?"), unless the greeting is one of the two
  // ("morning or evening rides?").
  const split = CHOICE.exec(text.replace(GREETING, '').trim()) ?? CHOICE.exec(text);
  if (!split) return null;
  const before = contentWords(split[1]!).map(stem).slice(-CHOICE_WORDS);
  const after = contentWords(split[2]!).map(stem).slice(0, CHOICE_WORDS);
  const one = before.filter((term) => !after.includes(term)).reverse();
  const other = after.filter((term) => !before.includes(term));
  return one.length > 0 && other.length > 0 ? [one, other] : null;
}

/**
 * Whether two choices offer the same two things, in either order: each side of one says what a
 * side of the other says, the word of either next to its "or" being among the other's. "circular
 * or straight needles?" and "do you knit with circulars or straights?" do; so do "are we in a bull
 * run or a bear?" and "bear market or bull market?" ("bull" is on the side of "run"); "do you
 * prefer running or cycling?" and "do you prefer swimming or cycling?" do not ("prefer" is the same,
 * but not what is offered), nor "stock market or crypto market?" and "bear market or bull market?".
 */
export function sameChoice(one: Choice, other: Choice): boolean {
  const sameSide = (a: readonly string[], b: readonly string[]) => b.includes(a[0]!) || a.includes(b[0]!);
  return (
    (sameSide(one[0], other[0]) && sameSide(one[1], other[1])) ||
    (sameSide(one[0], other[1]) && sameSide(one[1], other[0]))
  );
}

/**
 * Whether a reply written to a message asking for `answered` can be said to one asking for `asked`:
 * a reply to an open question to any, one to a yes-or-no question or a choice only to the same kind
 * ("yes always, the steam makes the crust" answers "do you use a dutch oven for bread?", not "what is
 * the best bread?").
 */
export function answersShape(answered: AnswerShape, asked: AnswerShape): boolean {
  return answered === 'open' || answered === asked;
}
