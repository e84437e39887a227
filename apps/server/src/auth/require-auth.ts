import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from '../platform/http/errors.ts';
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
    const { fid } = await verifyBearer(bearerToken(c), verifier.verify);
    c.set('authFid', fid);
    await next();
  };
}

/** The request's `Authorization: Bearer <token>`; 401 when there is none. */
export function bearerToken(c: Context): string {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  if (!match)
    throw new HttpError(
      401,
      'unauthorized',
      'Sign in first: this call needs a bearer token (Quick Auth, or a wallet sign-in session)',
    );
  return match[1]!;
}

/** Runs a token check, answering 401 when the token does not hold. */
export async function verifyBearer<T>(token: string, check: (token: string) => Promise<T>): Promise<T> {
  try {
    return await check(token);
  } catch (error) {
    if (error instanceof InvalidTokenError) {
      throw new HttpError(401, 'unauthorized', 'The sign-in token is invalid or has expired');
    }
    throw error;
  }
}

/** 403 unless the signed-in user is the one the request acts for. */
export function assertActingFor(authFid: number, fid: number): void {
  if (authFid !== fid) throw new HttpError(403, 'forbidden', `Signed in as fid ${authFid}, not fid ${fid}`);
}
