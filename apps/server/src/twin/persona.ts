import type { Characteristic } from '@fartwin/protocol';
import type { FarcasterCast, FarcasterData, FarcasterUser } from '../providers/farcaster-data.ts';
import { type CastProfile, profileCasts } from './cast-profile.ts';
import { CHARACTER_CAST_LIMIT } from './character.ts';
import { buildCharacteristics } from './characteristics.ts';

/** What a user's twin is made from: their profile, recent casts, and the questions those give. */
export interface Persona {
  user: FarcasterUser;
  casts: FarcasterCast[];
  profile: CastProfile;
  characteristics: Characteristic[];
}

/** Null when the fid is not a Farcaster user. */
export async function loadPersona(farcaster: FarcasterData, fid: number): Promise<Persona | null> {
  const [user, casts] = await Promise.all([
    farcaster.getUser(fid),
    farcaster.getRecentCasts(fid, CHARACTER_CAST_LIMIT),
  ]);
  if (!user) return null;
  const profile = profileCasts(casts);
  return { user, casts, profile, characteristics: buildCharacteristics(profile) };
}
