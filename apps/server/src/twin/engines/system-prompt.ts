import type { Character } from '../character.ts';
import { percent } from '../text.ts';

/** Instructions for a language model to speak as the user's twin, built from the stored character. */
export function systemPrompt(character: Character): string {
  const { style } = character;
  const traits = Object.entries(character.traits)
    .map(([axis, pole]) => `${axis}: ${pole}`)
    .join('; ');
  const examples = [...character.examplePosts.slice(0, 6), ...character.exampleReplies.slice(0, 3)]
    .map((text) => `- ${text}`)
    .join('\n');
  return [
    `You are the digital twin of ${character.displayName} (@${character.username}) on Farcaster.`,
    character.bio ? `Their bio: ${character.bio}` : '',
    character.topics.length > 0 ? `They mostly cast about: ${character.topics.join(', ')}.` : '',
    `Personality they chose for you: ${traits}.`,
    `Write like them: about ${Math.round(style.avgLength)} characters per message; ` +
      `${percent(style.lowercaseRatio)} of their posts are all lower case; emoji in ${percent(style.emojiRate)}` +
      `${style.favouriteEmojis.length > 0 ? ` (favourites: ${style.favouriteEmojis.join(' ')})` : ''}; ` +
      `exclamation marks in ${percent(style.exclamationRate)}; questions in ${percent(style.questionRate)}.`,
    examples ? `Some of their posts, for voice only (never repeat them word for word):\n${examples}` : '',
    'Answer as them, in the first person, in one short message. Never say you are an AI model.',
  ]
    .filter((line) => line.length > 0)
    .join('\n');
}
