import { decodeJwt } from 'jose';
import { LRUCache } from 'lru-cache';
import type { AuthenticatedUser, TokenVerifier } from './token-verifier.ts';

/** Tokens kept at most: one per active user on this replica. */
const MAX_TOKENS = 20_000;
/** A verified token is trusted again without its signature check for at most this long. */
const MAX_KEEP_MS = 5 * 60_000;

/**
 * Remembers tokens this replica has verified, until they expire (at most MAX_KEEP_MS): a chat's
 * first token no longer waits on a signature check per message. For Quick Auth tokens only: they
 * cannot be revoked before their expiry, so nothing is trusted longer than the token says (a wallet
 * session can be signed out, and is looked up each time: services.ts). Failures are not kept: a wrong token is checked each time.
 */
export function rememberVerifiedTokens(verifier: TokenVerifier, now: () => number = Date.now): TokenVerifier {
  const verified = new LRUCache<string, AuthenticatedUser>({ max: MAX_TOKENS });
  return {
    async verify(token) {
      const known = verified.get(token);
      if (known) return known;
      const user = await verifier.verify(token);
      const expiresAtMs = (decodeJwt(token).exp ?? 0) * 1000;
      const keepMs = Math.min(expiresAtMs - now(), MAX_KEEP_MS);
      if (keepMs > 0) verified.set(token, user, { ttl: keepMs });
      return user;
    },
  };
}
