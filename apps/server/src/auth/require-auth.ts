import type { MiddlewareHandler } from 'hono';
import { HttpError } from '../http/errors.ts';
import { InvalidTokenError, type TokenVerifier } from './token-verifier.ts';

export interface AuthVariables {
  /** The fid the request's bearer token (Quick Auth, or a wallet sign-in session) proves. */
  authFid: number;
}

/**
 * Requires `Authorization: Bearer <token>`, a Quick Auth JWT or a web-mode session (the verifier
 * takes both: services.ts); 401 when it is missing or does not verify.
 */
export function requireAuth(verifier: TokenVerifier): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match)
      throw new HttpError(
        401,
        'unauthorized',
        'Sign in first: this call needs a bearer token (Quick Auth, or a wallet sign-in session)',
      );
    try {
      const { fid } = await verifier.verify(match[1]!);
      c.set('authFid', fid);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        throw new HttpError(401, 'unauthorized', 'The sign-in token is invalid or has expired');
      }
      throw error;
    }
    await next();
  };
}

/** 403 unless the signed-in user is the one the request acts for. */
export function assertActingFor(authFid: number, fid: number): void {
  if (authFid !== fid) throw new HttpError(403, 'forbidden', `Signed in as fid ${authFid}, not fid ${fid}`);
}
