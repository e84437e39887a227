import { createClient, Errors } from '@farcaster/quick-auth';
import { fidFromSubject, InvalidTokenError, type TokenVerifier } from './token-verifier.ts';

/** Production: tokens issued by Farcaster's Quick Auth server, checked against its published keys. */
export function farcasterTokenVerifier(options: { domain: string; origin?: string }): TokenVerifier {
  const client = createClient(options.origin ? { origin: options.origin } : {});
  return {
    async verify(token) {
      try {
        const payload = await client.verifyJwt({ token, domain: options.domain });
        return { fid: fidFromSubject(payload.sub) };
      } catch (error) {
        // Anything jose rejects about the token itself is the client's problem (401); a failure to
        // fetch the key set is ours and surfaces as a 500 through the error handler.
        if (error instanceof Errors.InvalidTokenError || isJoseTokenError(error)) {
          throw new InvalidTokenError(error instanceof Error ? error.message : 'Invalid token');
        }
        throw error;
      }
    },
  };
}

/**
 * jose's errors about the token itself: its form and claims (ERR_JWS_*, ERR_JWT_*), a key id the key
 * set does not hold (ERR_JWKS_NO_MATCHING_KEY, ERR_JWKS_MULTIPLE_MATCHING_KEYS) and an algorithm it
 * does not allow or know. Not ERR_JWKS_TIMEOUT or a failed fetch: those are ours.
 */
function isJoseTokenError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    typeof code === 'string' &&
    /^ERR_(JWS_|JWT_|JOSE_NOT_SUPPORTED|JOSE_ALG_NOT_ALLOWED|JWKS_NO_MATCHING_KEY|JWKS_MULTIPLE_MATCHING_KEYS)/.test(
      code,
    )
  );
}
