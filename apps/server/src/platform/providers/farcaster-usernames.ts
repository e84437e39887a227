// Farcaster's username (fname) rules, below both the providers and the local social network that use them.

/** Farcaster usernames (fnames): lowercase letters, digits and hyphens, at most 16 characters. */
export const USERNAME_MAX_LENGTH = 16;

/**
 * The n-th candidate for a wanted username (n ≥ 1): the name itself, then the name with n appended,
 * cut so it still fits (e.g. "alice-twin2").
 */
export function usernameCandidate(username: string, n: number): string {
  if (n < 2) return username;
  const suffix = String(n);
  return `${username.slice(0, USERNAME_MAX_LENGTH - suffix.length)}${suffix}`;
}
