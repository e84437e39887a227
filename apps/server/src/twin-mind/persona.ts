import { buildCharacteristics, type CastProfile, CHARACTER_CAST_LIMIT, profileCasts } from '@fartwin/echo';
import type { Characteristic } from '@fartwin/protocol';
import { HttpError } from '../platform/http/errors.ts';
import type { FarcasterCast, FarcasterData, FarcasterUser } from '../platform/providers/farcaster-data.ts';

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

/** The fid's persona; 404 `unknown_user` when the fid is not a Farcaster user. */
export async function personaOf(farcaster: FarcasterData, fid: number): Promise<Persona> {
  const persona = await loadPersona(farcaster, fid);
  if (!persona) throw new HttpError(404, 'unknown_user', `No Farcaster user with fid ${fid}`);
  return persona;
}
