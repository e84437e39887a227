import { randomUUID } from 'node:crypto';
import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { fidFromSubject, InvalidTokenError, type TokenVerifier } from './token-verifier.ts';
import type { WalletSessionRevocations } from './wallet-session-revocations.ts';

const ALGORITHM = 'HS256';
/** A session token is about 330 characters; a longer one is not ours and is refused unread. */
const MAX_TOKEN_LENGTH = 1_024;

export interface WalletSessionsOptions {
  /** The server's origin (PUBLIC_URL). */
  origin: string;
  /** The app's domain: sessions are for this app only. */
  domain: string;
  /** HMAC key material (WALLET_SESSION_SECRET); every replica must share it. */
  secret: string;
  ttlSeconds: number;
  /** Signed-out sessions, shared by every replica. */
  revocations: WalletSessionRevocations;
}

/** What a valid session token proves, and which session it is. */
export interface WalletSession {
  fid: number;
  jti: string;
  expiresAt: Date;
}

/**
 * Web mode's sessions: a JWT the server signs itself after a wallet sign-in, with the fid in `sub`.
 * Its issuer and audience differ from a Quick Auth token's (which name the origin and the domain),
 * so neither kind can pass for the other. Each carries a `jti`: signing out records it as revoked, and
 * every check of a session token looks it up (one read by primary key), so a signed-out token is
 * refused by every replica at once.
 */
export function walletSessions(options: WalletSessionsOptions) {
  const key = new TextEncoder().encode(options.secret);
  const issuer = `${options.origin}/auth/wallet`;
  const audience = `wallet-session:${options.domain}`;

  return {
    /** The signed-out sessions' store (its cleanup ticker runs in app.ts). */
    revocations: options.revocations,

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
        .setJti(randomUUID())
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
      verify: async (token) => ({ fid: (await check(token)).fid }),
    } satisfies TokenVerifier,

    /**
     * Ends the session `token` belongs to, on every replica. Throws InvalidTokenError when the token
     * is not a live session (forged, expired, or already signed out).
     */
    async signOut(token: string): Promise<WalletSession> {
      const session = await check(token);
      await options.revocations.revoke(session.jti, session.expiresAt);
      return session;
    },
  };

  /** Signature, issuer, audience, expiry, then whether it was signed out. */
  async function check(token: string): Promise<WalletSession> {
    if (token.length > MAX_TOKEN_LENGTH) throw new InvalidTokenError('The token is too long to be a session');
    let session: WalletSession;
    try {
      const { payload } = await jwtVerify(token, key, { issuer, audience, algorithms: [ALGORITHM] });
      // Sessions issued before sign-out existed carry no jti and could never end: refused.
      if (typeof payload.jti !== 'string' || !payload.jti || payload.exp === undefined) {
        throw new InvalidTokenError('The session has no id (jti) or expiry');
      }
      session = { fid: fidFromSubject(payload.sub), jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.message);
      throw error;
    }
    if (await options.revocations.isRevoked(session.jti)) throw new InvalidTokenError('The session was signed out');
    return session;
  }
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
