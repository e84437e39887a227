/** The identity a valid Quick Auth token proves. */
export interface AuthenticatedUser {
  fid: number;
}

/** Checks a Quick Auth JWT for this app's domain. */
export interface TokenVerifier {
  /** Throws InvalidTokenError when the token is malformed, forged, expired or for another app. */
  verify(token: string): Promise<AuthenticatedUser>;
}

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/** Quick Auth puts the fid in `sub`, as a number (older tokens: a numeric string). */
export function fidFromSubject(sub: unknown): number {
  const fid = typeof sub === 'string' ? Number(sub) : sub;
  if (typeof fid !== 'number' || !Number.isSafeInteger(fid) || fid <= 0) {
    throw new InvalidTokenError('The token does not name a Farcaster user');
  }
  return fid;
}
