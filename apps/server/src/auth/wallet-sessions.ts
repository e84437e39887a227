import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { fidFromSubject, InvalidTokenError, type TokenVerifier } from './token-verifier.ts';

const ALGORITHM = 'HS256';

export interface WalletSessionsOptions {
  /** The server's origin (PUBLIC_URL). */
  origin: string;
  /** The app's domain: sessions are for this app only. */
  domain: string;
  /** HMAC key material (WALLET_SESSION_SECRET); every replica must share it. */
  secret: string;
  ttlSeconds: number;
}

/**
 * Web mode's sessions: a JWT the server signs itself after a wallet sign-in, with the fid in `sub`.
 * Its issuer and audience differ from a Quick Auth token's (which name the origin and the domain),
 * so neither kind can pass for the other.
 */
export function walletSessions(options: WalletSessionsOptions) {
  const key = new TextEncoder().encode(options.secret);
  const issuer = `${options.origin}/auth/wallet`;
  const audience = `wallet-session:${options.domain}`;

  return {
    /** A session for `fid`; tests pass a negative lifetime to make an expired one. */
    async issue(fid: number, address: string, ttlSeconds = options.ttlSeconds) {
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = now + ttlSeconds;
      const token = await new SignJWT({ address })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(fid))
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(Math.min(now, expiresAt))
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt: new Date(expiresAt * 1000) };
    },

    /** Whether the token claims to be one of these sessions (unverified: it only picks the verifier). */
    claimsToBeSession(token: string): boolean {
      try {
        const { iss, aud } = decodeJwt(token);
        return iss === issuer && (aud === audience || (Array.isArray(aud) && aud.includes(audience)));
      } catch {
        return false;
      }
    },

    verifier: {
      async verify(token) {
        try {
          const { payload } = await jwtVerify(token, key, { issuer, audience, algorithms: [ALGORITHM] });
          return { fid: fidFromSubject(payload.sub) };
        } catch (error) {
          if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.message);
          throw error;
        }
      },
    } satisfies TokenVerifier,
  };
}

export type WalletSessions = ReturnType<typeof walletSessions>;

/**
 * One verifier for both kinds of bearer token: a wallet session goes to its own check, anything else
 * to Quick Auth's. Either way the token proves one fid, and assertActingFor holds the request to it.
 */
export function quickAuthOrWalletSession(quickAuth: TokenVerifier, sessions: WalletSessions): TokenVerifier {
  return {
    verify: (token) => (sessions.claimsToBeSession(token) ? sessions.verifier : quickAuth).verify(token),
  };
}
