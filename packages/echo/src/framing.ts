import { type Character, hasTrait } from './character.ts';
import { capitalise } from './text.ts';

/**
 * The twin's own sentences around the ones it borrows: short, whole, and chosen by the owner's
 * eight choices. Each list is a set of interchangeable ways to say one thing; the echo engine picks
 * one repeatably. None of them claims to be the person.
 */

type Lines = readonly string[];

/** Lines from every list whose trait the owner chose; `always` when none applies. */
function byTraits(character: Character, lists: Record<string, Lines>, always: Lines = []): string[] {
  const chosen = Object.entries(lists).flatMap(([trait, lines]) => (hasTrait(character, trait) ? lines : []));
  return [...always, ...chosen];
}

/** "@name's AI twin" is in every identity line: the twin says what it is, never who it is not. */
export function identityLines(character: Character, askedIfPerson: boolean): { claim: string[]; how: string[] } {
  const handle = `@${character.username}`;
  return {
    claim: askedIfPerson
      ? [`No, I'm ${handle}'s AI twin.`, `Not quite: I'm ${handle}'s AI twin.`]
      : [`I'm ${handle}'s AI twin.`, `Yes, I'm ${handle}'s AI twin.`, `I'm an AI: ${handle}'s AI twin, to be exact.`],
    how: [
      "I speak in their voice, from their casts, but I'm not them.",
      'Everything I say comes from their casts, in their voice.',
      'They chose my personality, and my words come from their casts.',
    ],
  };
}

export function topicInvites(topics: readonly string[]): string[] {
  const [first, second] = topics;
  if (!first) return [];
  return second
    ? [`Ask me about ${first} or ${second}.`, `I'm better on ${first} and ${second}.`]
    : [`Ask me about ${first}.`, `I'm better on ${first}.`];
}

/** Says it has not cast about something, in one sentence. */
export const NOT_CAST_ABOUT: Lines = [
  "I haven't cast about that.",
  "That's not something I cast about.",
  "I've never cast about that, so I'd only be guessing.",
  "I haven't cast about that, so I won't pretend to know.",
];

/** Turns to what the twin does cast about. */
export function whatICastAbout(topics: readonly string[]): string[] {
  const [first, second, third] = topics;
  if (!first) return ["I haven't cast enough yet to have much to say."];
  if (!second) return [`I mostly cast about ${first}.`, `Most of what I cast is about ${first}.`];
  return [
    `I mostly cast about ${first} and ${second}.`,
    `Most of what I cast is about ${first} and ${second}.`,
    third ? `My casts are mostly ${first}, ${second} and ${third}.` : `My casts are mostly ${first} and ${second}.`,
  ];
}

/** Whose cast it is, for the lines about a shared cast: "@alice's cast", or "that cast" when unnamed. */
function castOf(author: string | undefined): string {
  return author ? `${author}'s cast` : 'that cast';
}

/** Opens the twin's take on a shared cast its owner's casts have something to say about. */
export function castTakeIntros(character: Character, author: string | undefined): string[] {
  const cast = castOf(author);
  return byTraits(
    character,
    {
      Skeptic: [`I'd push back a little on ${cast}.`, `${capitalise(cast)} is half right, I think.`],
      Optimist: [`I like where ${cast} is going.`],
      Playful: [`Oh, ${cast} is in my lane.`],
      Technical: [`On ${cast}, the details are what I'd look at.`],
    },
    [`${capitalise(cast)} is close to something I've cast about.`, `Here's my take on ${cast}.`],
  );
}

/** Says its owner's casts have nothing on what a shared cast is about: no take made up. */
export function castOutsideMyLane(author: string | undefined): string[] {
  const cast = castOf(author);
  return [
    `I haven't cast about anything like ${cast}, so I won't pretend to have a take.`,
    `${capitalise(cast)} is about something I've never cast about, so I'd only be guessing.`,
  ];
}

/** A shared cast with no words to go on (only links, or nothing). */
export function castWithoutWords(author: string | undefined): string[] {
  const cast = castOf(author);
  return [`There's not much in ${cast} for me to go on.`, `I can't read much into ${cast}.`];
}

export function answerIntros(character: Character): string[] {
  return byTraits(
    character,
    {
      Serious: ["Here's what I've said about it.", 'Fair question.'],
      Playful: ['Oh, I have thoughts.', 'Funny you ask.', 'Ha, good one to ask.'],
      Hyped: ['Oh, I love this one.', 'Yes, this one.'],
      Skeptic: ['I have opinions, and some doubts.', 'Careful, this one has nuance.'],
      Technical: ["Here's the specific part.", 'The details matter here.'],
      Verbose: ["Let me put it the way I'd put it.", "There's a bit to say here."],
    },
    ["Here's how I see it.", 'Good question.'],
  );
}

export function statusIntros(character: Character): string[] {
  return byTraits(
    character,
    {
      Builder: ['Heads down, mostly.', 'Busy building.', "Here's what I'm on."],
      Observer: ["Here's what's on my mind.", 'Mostly this, lately.'],
      Open: ["Honestly, it's been a full week.", 'Happy you asked.'],
      Hyped: ['So much going on.'],
    },
    ["Here's what's keeping me busy.", 'Lately, mostly this.'],
  );
}

export function greetings(character: Character, saysGm: boolean): string[] {
  if (saysGm) return ['gm.', 'gm gm.'];
  return hasTrait(character, 'Playful') || hasTrait(character, 'Casual') ? ['Hey.', 'Hey there.'] : ['Hello.', 'Hi.'];
}

export function howIAm(character: Character): string[] {
  return byTraits(
    character,
    {
      Optimist: ['Doing well, thanks.', 'Good, and busy.'],
      Skeptic: ['Fine, mostly.', 'Busy, as usual.'],
      Playful: ['Pretty good, honestly.'],
      Calm: ['Steady, thanks.'],
    },
    ['Good, thanks.'],
  );
}

export function closers(character: Character): string[] {
  return byTraits(character, {
    Builder: ['Still building on it.', 'More of it soon.'],
    Observer: ['Curious where it goes.', 'Watching how it plays out.'],
    Skeptic: ['Could be wrong, though.', 'Time will tell.'],
    Optimist: ['Onward.', 'Good times.'],
    Open: ["It's been on my mind a lot.", "Honestly, it's a big part of my week."],
    Technical: ['Happy to get into the details.'],
    Casual: ["That's the short version."],
    Concise: ['That sums it up.'],
  });
}

export function askBacks(character: Character, kind: 'answer' | 'greeting' | 'post'): string[] {
  if (kind === 'greeting') return ['How about you?', 'What are you working on?', "What's new with you?"];
  if (kind === 'post') return ['Anyone else?', 'What about you?', 'Thoughts?'];
  return hasTrait(character, 'Extrovert')
    ? ['What about you?', "What's your take?", 'What do you think?', 'How about you?']
    : ['Make sense?', 'Right?', 'Fair?'];
}

export function adviceIntros(character: Character): string[] {
  return byTraits(
    character,
    {
      Serious: ['My advice, for what it is worth.', "Here's what I'd say."],
      Playful: ['Free advice, worth every cent.', 'Okay, wisdom incoming.'],
      Technical: ['One concrete thing.'],
    },
    ['One thing I believe.'],
  );
}

/** When their casts hold no advice: one of their sentences stands in for it, said as that. */
export const NO_ADVICE: Lines = [
  "I don't hand out much advice, but I did cast this.",
  "I'm not much of an advice account, but this is close.",
];

/** When their casts hold nothing to offer as advice at all. */
export const NO_ADVICE_AT_ALL: Lines = ["I don't hand out much advice.", "I'm not much of an advice account."];

/** When they have given all the advice their casts hold already in this conversation. */
export const NO_MORE_ADVICE: Lines = ["That's about all the advice I have.", "I've given you my best advice already."];

/** When the casts cover it but no sentence of theirs about it fits the channel. */
export function tooLongToQuote(subject: string): string[] {
  return [
    `I've cast about ${subject} in more words than fit here.`,
    `I've said plenty about ${subject}, just not briefly.`,
  ];
}

export function adviceClosers(character: Character): string[] {
  return byTraits(character, {
    Optimist: ["You'll figure it out.", "You've got this."],
    Skeptic: ['Test it yourself, though.', 'And double-check everything.'],
    Builder: ['Then go build something.'],
  });
}

export function jokeIntros(character: Character): string[] {
  return hasTrait(character, 'Playful')
    ? ["Here's the best I've got.", 'Okay, one from the archive.', 'My finest material, apparently.']
    : ["Jokes aren't really my thing, but this one still makes me smile.", 'Not much of a comedian, but here goes.'];
}

export const NO_JOKES: Lines = [
  "Jokes aren't really what I cast about.",
  "Humour isn't really what I cast about.",
  "Honestly, I don't cast jokes.",
];

export function jokeClosers(character: Character): string[] {
  return hasTrait(character, 'Playful') ? ["I'll work on my timing.", 'Tough crowd, I know.'] : [];
}

export function calmAnswers(character: Character): string[] {
  return byTraits(character, { Playful: ['Ouch, noted.'], Skeptic: ['Fair enough, I can take criticism.'] }, [
    'Fair enough, not every cast lands.',
    'Noted.',
    'I hear you.',
    "Sorry it's not landing for you.",
  ]);
}

export function calmInvites(topics: readonly string[]): string[] {
  const [first] = topics;
  return first ? [`If you want to talk about ${first}, I'm here.`, `Happy to keep it to ${first} if you like.`] : [];
}

export const THANKS_ANSWERS: Lines = ['Anytime.', 'Glad it helped.', 'Happy to help.'];

export const FOLLOW_UP_INTROS: Lines = ["There's more to it.", 'To add to that.', 'One more thing on that.'];

export const VAGUE: Lines = ["Not sure I follow, but I'll take a guess.", "I'm not sure what you mean."];

/** Posts for a twin whose owner has not cast anything it can use yet. */
export function postsWithoutCasts(character: Character): string[] {
  const handle = `@${character.username}`;
  return [
    `Still learning to sound like ${handle}.`,
    `Quiet day here: ${handle} has not cast much yet.`,
    `${handle}'s AI twin, checking in.`,
    'Waiting for more casts to learn from.',
  ];
}

/** Opens a post: about a topic ("Thinking about escrow again."), or about nothing in particular. */
export function postLeads(character: Character, topic: string | undefined): string[] {
  const general = byTraits(
    character,
    {
      Builder: ['Build log.', 'Back at it today.'],
      Observer: ['Something I keep noticing.', 'A small observation.'],
      Open: ['A small personal note.', 'Been on my mind all week.'],
      Hyped: ['Big day.'],
      Skeptic: ['An honest one.'],
    },
    ['Still true.', 'Something I keep thinking about.', 'Note to self.'],
  );
  if (!topic) return general;
  return [
    ...general,
    `Thinking about ${topic} again.`,
    `Quick one on ${topic}.`,
    `Back to ${topic}.`,
    `Still on ${topic}.`,
  ];
}
