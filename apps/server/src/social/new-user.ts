/**
 * What a person who joins the local network from the dev host starts with: a friendly generated
 * name, an avatar colour and a handful of casts, so their twin's questions have something to read.
 * Everything derives from the fid, so a reset network gives the same new users again.
 */

const ADJECTIVES = ['sunny', 'quiet', 'brave', 'lucky', 'swift', 'mellow', 'curious', 'bold', 'gentle', 'witty'];
const ANIMALS = ['otter', 'heron', 'badger', 'lynx', 'finch', 'panda', 'gecko', 'moose', 'koala', 'raven'];

/** A few voices; each new user casts in one, picked by fid. Oldest first. */
const STARTER_CASTS: readonly (readonly string[])[] = [
  [
    'gm! first day on farcaster, excited to meet everyone here',
    'building a tiny weather bot this weekend, the api is surprisingly fun',
    'shipped the weather bot! it posts rain alerts for my street lol',
    'who else is building little tools just for their own neighbourhood?',
    'next up: a bot that tells me when the bakery has fresh bread',
    'love how friendly this place is, thanks for the welcome everyone',
  ],
  [
    'Reading more than posting for now. Long threads about cities and transit are my favourite.',
    'I doubt most "smart city" projects survive their second budget cycle. The boring buses win.',
    'A good bus map is a public good. Nobody funds the redesign, everybody uses it.',
    'Skeptical of any plan that needs people to change every habit at once.',
    'Walked the new tram line today. Slow, quiet, and honestly great.',
    'What is the best book on how cities actually get built? Looking for recommendations.',
  ],
  [
    'made sourdough again, the crumb is finally open 🍞',
    'hot take: pineapple on pizza is fine and you all know it 🍍',
    'my cat knocked the starter jar over. we are starting from scratch 😅',
    'bread update: loaf #14 is the best one yet!!',
    'anyone want my focaccia recipe? it is mostly olive oil and patience',
    'weekend plan: bake, nap, bake again',
  ],
];

function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length]!;
}

/** e.g. "sunny-otter", with a display name "Sunny Otter"; within the 16-character fname limit. */
export function generatedName(fid: number): { username: string; displayName: string } {
  const words = [pick(ADJECTIVES, fid), pick(ANIMALS, Math.floor(fid / ADJECTIVES.length))];
  return {
    username: words.join('-'),
    displayName: words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(' '),
  };
}

/** The starter casts of a new user, oldest first. */
export function starterCasts(fid: number): readonly string[] {
  return pick(STARTER_CASTS, fid);
}

/** A stable colour per fid, for avatars of users who are not sample users. */
export function generatedAvatarColor(fid: number): string {
  return `hsl(${(fid * 137) % 360} 55% 45%)`;
}
