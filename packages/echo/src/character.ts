import { z } from 'zod';
import type { OwnerAccount, OwnerCast } from './cast.ts';
import type { CastProfile } from './cast-profile.ts';
import { PERSONALITY_AXES } from './characteristics.ts';
import { styleMetricsSchema } from './style.ts';

/** How many of the user's casts a twin reads at its deploy (and each time it learns). */
export const CHARACTER_CAST_LIMIT = 150;

/** What the owner wrote into the voice after the deploy (the server's voice routes); absent until then. */
export const ownerWordsSchema = z.object({
  aboutMe: z.string(),
  avoidTopics: z.array(z.string()),
  phrases: z.array(z.string()),
});
export type OwnerWords = z.infer<typeof ownerWordsSchema>;

/** A twin's character, stored with the agent (jsonb): who it speaks for and how it writes. */
export const characterSchema = z.object({
  version: z.literal(1),
  fid: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  bio: z.string(),
  topics: z.array(z.string()),
  style: styleMetricsSchema,
  /** Axis name → chosen pole, e.g. { Tone: 'Playful' }. */
  traits: z.record(z.string(), z.string()),
  examplePosts: z.array(z.string()),
  exampleReplies: z.array(z.string()),
  /** The user's casts, newest first: what the twin knows and echoes. */
  casts: z.array(z.string()),
  /**
   * Which of `casts` are replies, each with the text of the cast it answers where the provider gave
   * it (null where not): the deploy writes them into the twin's memory rows, as examples of how the
   * owner answers. Not kept in the agent's row.
   */
  replyParents: z.record(z.string(), z.string().nullable()).optional(),
  owner: ownerWordsSchema.optional(),
});
export type Character = z.infer<typeof characterSchema>;

/** Builds a twin's character from the user's profile, casts and (already validated) choices. */
export function buildCharacter(
  user: OwnerAccount,
  casts: readonly OwnerCast[],
  profile: CastProfile,
  choices: readonly string[],
): Character {
  const kept = casts.filter((cast) => cast.text.trim().length > 0).slice(0, CHARACTER_CAST_LIMIT);
  const traits = Object.fromEntries(PERSONALITY_AXES.map((axis, index) => [axis.name, choices[index] ?? '']));
  return {
    version: 1,
    fid: user.fid,
    username: user.username,
    displayName: user.displayName,
    bio: user.bio,
    topics: profile.topics,
    style: profile.style,
    traits,
    examplePosts: kept
      .filter((cast) => cast.parentHash === null)
      .slice(0, 8)
      .map((cast) => cast.text),
    exampleReplies: kept
      .filter((cast) => cast.parentHash !== null)
      .slice(0, 5)
      .map((cast) => cast.text),
    casts: kept.map((cast) => cast.text),
    replyParents: Object.fromEntries(
      kept.filter((cast) => cast.parentHash !== null).map((cast) => [cast.text, cast.parentText ?? null]),
    ),
  };
}

/** True when the character's owner chose `value` on any axis. */
export function hasTrait(character: Pick<Character, 'traits'>, value: string): boolean {
  return Object.values(character.traits).includes(value);
}
