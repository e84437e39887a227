import { profileCasts } from './cast-profile.ts';
import { buildCharacter, type Character } from './character.ts';
import { leaningChoices } from './characteristics.ts';

/** A parent hash for the fixture's replies: any non-null one makes a cast a reply. */
const PARENT = `0x${'1'.repeat(40)}`;

/**
 * A twin for tests of the engine, deployed with the choices its casts lean to: its
 * top-level posts and replies, each newest first.
 */
export function echoTwin(
  who: { fid: number; username: string },
  posts: readonly string[],
  replies: readonly string[],
): Character {
  const casts = [
    ...replies.map((text) => ({ text, parentHash: PARENT })),
    ...posts.map((text) => ({ text, parentHash: null })),
  ];
  const profile = profileCasts(casts);
  return buildCharacter({ ...who, displayName: who.username, bio: '' }, casts, profile, leaningChoices(profile));
}
