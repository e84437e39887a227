import { CHARACTERISTIC_COUNT, type Characteristic } from '@fartwin/protocol';
import type { CastProfile } from './cast-profile.ts';
import { capitalise, percent } from './text.ts';

/** One personality axis: two poles, and a line of evidence from the user's own casts. */
interface Axis {
  name: string;
  poles: readonly [{ value: string; description: string }, { value: string; description: string }];
  question: string;
  /** What the casts say about this axis, and which pole (0 or 1) they lean to. */
  evidence(profile: CastProfile): { text: string; lean: 0 | 1 };
}

const topicsPhrase = (topics: readonly string[], count = 2) =>
  topics.length > 0 ? topics.slice(0, count).join(' and ') : 'whatever is on your mind';

/** The eight fixed axes, in the order the onboarding asks them. */
export const PERSONALITY_AXES: readonly Axis[] = [
  {
    name: 'Social energy',
    poles: [
      { value: 'Introvert', description: 'Answers when spoken to, keeps replies to the point.' },
      { value: 'Extrovert', description: 'Starts conversations and asks people back.' },
    ],
    question: 'Should your twin keep to itself or pull people into the conversation?',
    // Asking people back shows in the questions they ask and the people they tag; replying a lot is
    // answering, which an Introvert does as much ("answers when spoken to").
    evidence: (profile) => ({
      text: `${percent(profile.style.questionRate)} of your recent casts ask a question and ${percent(profile.mentionRate)} mention someone`,
      lean: profile.mentionRate + profile.style.questionRate >= 0.2 ? 1 : 0,
    }),
  },
  {
    name: 'Tone',
    poles: [
      { value: 'Serious', description: 'Measured and sincere.' },
      { value: 'Playful', description: 'Jokes around and keeps it light.' },
    ],
    question: 'When your twin talks, should it be Serious or Playful?',
    evidence: (profile) => ({
      text: `you use emoji in ${percent(profile.style.emojiRate)} of your casts and exclamation marks in ${percent(profile.style.exclamationRate)}`,
      lean: profile.style.emojiRate + profile.style.exclamationRate >= 0.4 ? 1 : 0,
    }),
  },
  {
    name: 'Outlook',
    poles: [
      { value: 'Optimist', description: 'Sees what could go right.' },
      { value: 'Skeptic', description: 'Asks what could go wrong.' },
    ],
    question: 'Talking about {topics}, should your twin be an Optimist or a Skeptic?',
    evidence: (profile) => ({
      text: `${percent(profile.signals.positive)} of your casts sound upbeat and ${percent(profile.signals.negative)} sound doubtful`,
      lean: profile.signals.negative > profile.signals.positive ? 1 : 0,
    }),
  },
  {
    name: 'Role',
    poles: [
      { value: 'Builder', description: 'Talks about what it is making.' },
      { value: 'Observer', description: 'Comments on what others are doing.' },
    ],
    question: 'Is your twin a Builder or an Observer?',
    evidence: (profile) => ({
      text: `${percent(profile.signals.building)} of your casts talk about building or shipping`,
      lean: profile.signals.building >= 0.12 ? 0 : 1,
    }),
  },
  {
    name: 'Length',
    poles: [
      { value: 'Concise', description: 'Short and punchy.' },
      { value: 'Verbose', description: 'Takes the space to explain.' },
    ],
    question: 'Should your twin be Concise or Verbose?',
    evidence: (profile) => ({
      text: `your casts average ${Math.round(profile.style.avgLength)} characters`,
      lean: profile.style.avgLength >= 120 ? 1 : 0,
    }),
  },
  {
    name: 'Register',
    poles: [
      { value: 'Technical', description: 'Precise words, details included.' },
      { value: 'Casual', description: 'Plain words, like a chat with a friend.' },
    ],
    question: 'When it explains {topics}, should your twin sound Technical or Casual?',
    evidence: (profile) => ({
      text: `${percent(profile.signals.technical)} of your casts use technical vocabulary and ${percent(profile.style.lowercaseRatio)} are written all in lower case`,
      lean: profile.signals.technical >= 0.15 && profile.style.lowercaseRatio < 0.5 ? 0 : 1,
    }),
  },
  {
    name: 'Energy',
    poles: [
      { value: 'Calm', description: 'Even-keeled, no caps lock.' },
      { value: 'Hyped', description: 'Big energy, lots of excitement.' },
    ],
    question: 'Is your twin Calm or Hyped?',
    evidence: (profile) => ({
      text: `${percent(profile.signals.hype)} of your casts carry hype words and ${percent(profile.style.exclamationRate)} end in an exclamation`,
      lean: profile.signals.hype + profile.style.exclamationRate >= 0.35 ? 1 : 0,
    }),
  },
  {
    name: 'Openness',
    poles: [
      { value: 'Private', description: 'Keeps personal life out of it.' },
      { value: 'Open', description: 'Shares what it is up to and how it feels.' },
    ],
    question: 'Should your twin be Private or Open about itself?',
    evidence: (profile) => ({
      text: `${percent(profile.signals.firstPerson)} of your casts talk about yourself`,
      lean: profile.signals.firstPerson >= 0.3 ? 1 : 0,
    }),
  },
];

if (PERSONALITY_AXES.length !== CHARACTERISTIC_COUNT)
  throw new Error('PERSONALITY_AXES must match CHARACTERISTIC_COUNT');

/**
 * The eight questions for one user, each description grounded in their own casts (their
 * numbers, their topics, which way they lean). Deterministic: the same casts give the same text.
 */
export function buildCharacteristics(profile: CastProfile): Characteristic[] {
  return PERSONALITY_AXES.map((axis) => {
    const { text, lean } = axis.evidence(profile);
    const leaning = profile.style.castCount > 0 ? ` That reads more ${axis.poles[lean].value}.` : '';
    const question = axis.question.replace('{topics}', topicsPhrase(profile.topics));
    const evidence = profile.style.castCount > 0 ? `${capitalise(text)}.${leaning} ` : '';
    return {
      name: axis.name,
      description: `${evidence}${question}`,
      options: axis.poles.map((pole) => ({ value: pole.value, description: pole.description })),
    };
  });
}

/**
 * The eight questions as the owner's voice screen asks them again after the deploy: onboarding's
 * questions and options, without the evidence (that was read from the casts at the deploy).
 */
export function characteristicsFor(topics: readonly string[]): Characteristic[] {
  return PERSONALITY_AXES.map((axis) => ({
    name: axis.name,
    description: axis.question.replace('{topics}', topicsPhrase(topics)),
    options: axis.poles.map((pole) => ({ value: pole.value, description: pole.description })),
  }));
}

/** The pole each question leans to from the user's own casts: a twin as they already sound. */
export function leaningChoices(profile: CastProfile): string[] {
  return PERSONALITY_AXES.map((axis) => axis.poles[axis.evidence(profile).lean].value);
}

/** Why a list of choices does not answer these questions, or null when it does. */
export function choicesProblem(characteristics: readonly Characteristic[], choices: readonly string[]): string | null {
  if (choices.length !== characteristics.length) {
    return `Expected ${characteristics.length} choices, one per characteristic question, got ${choices.length}.`;
  }
  for (const [index, characteristic] of characteristics.entries()) {
    const choice = choices[index]!;
    const allowed = characteristic.options.map((option) => option.value);
    if (!allowed.includes(choice)) {
      return `Choice ${index + 1} ("${choice}") is not an option of "${characteristic.name}": choose one of ${allowed.join(', ')}.`;
    }
  }
  return null;
}
