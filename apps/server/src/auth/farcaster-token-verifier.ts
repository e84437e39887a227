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

function isJoseTokenError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^ERR_(JWS|JWT|JOSE_NOT_SUPPORTED)/.test(code);
}
