import { createHash, createPrivateKey, createPublicKey, type KeyObject, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { sql } from 'kysely';
import { verifyMessage } from 'viem';
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import type { Db } from '../platform/db/database.ts';
import type { FarcasterData } from '../platform/providers/farcaster-data.ts';
import { fidFromSubject, InvalidTokenError, type TokenVerifier } from './token-verifier.ts';

/** Quick Auth tokens live an hour, as Farcaster's do; the SDK fetches a new one when it expires. */
const TOKEN_TTL_SECONDS = 60 * 60;
/** A nonce must be used within this many minutes of being issued. */
const NONCE_TTL_MINUTES = 10;
const KEY_ID = 'fartwin-local-quick-auth-1';
/** DER header of a PKCS#8 Ed25519 private key; the 32-byte seed follows it. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export class InvalidSiwfError extends Error {
  override name = 'InvalidSiwfError';
}

export interface LocalQuickAuthOptions {
  db: Db;
  farcaster: FarcasterData;
  /** The issuer: the server's own origin, which the mini-app uses as quickAuthServerOrigin. */
  origin: string;
  /** The only domain tokens are issued to and accepted for. */
  domain: string;
  /** Secret material the signing key is derived from, so every replica and restart agrees on it. */
  keySeed: string;
}

/**
 * Local mode's Quick Auth server: the endpoints `@farcaster/quick-auth` calls (nonce, verify-siwf,
 * JWKS) backed by the local social network's custody addresses, and the matching token check.
 */
export class LocalQuickAuth implements TokenVerifier {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(private readonly options: LocalQuickAuthOptions) {
    const seed = createHash('sha256').update(`fartwin local quick auth:${options.keySeed}`).digest();
    this.privateKey = createPrivateKey({
      key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
      format: 'der',
      type: 'pkcs8',
    });
    this.publicKey = createPublicKey(this.privateKey);
  }

  /** The public key set, as served at /.well-known/jwks.json. */
  jwks(): { keys: Record<string, unknown>[] } {
    return { keys: [{ ...this.publicKey.export({ format: 'jwk' }), kid: KEY_ID, alg: 'EdDSA', use: 'sig' }] };
  }

  async issueNonce(): Promise<string> {
    const nonce = randomBytes(16).toString('hex');
    // Expired nonces can never be used: they go, so the table holds only the last few minutes' worth.
    await this.options.db
      .deleteFrom('auth_nonces')
      .where('created_at', '<=', sql<Date>`now() - make_interval(mins => ${NONCE_TTL_MINUTES})`)
      .execute();
    await this.options.db.insertInto('auth_nonces').values({ nonce }).execute();
    return nonce;
  }

  /**
   * Checks a Sign In With Farcaster message the way Farcaster's server does, then issues a token:
   * the message is for our domain, carries a nonce we issued and nobody used, names an fid in its
   * resources, is within its validity window, and is signed by that fid's custody address.
   */
  async verifySiwf(input: { message: string; signature: `0x${string}`; domain: string }): Promise<string> {
    const message = parseSiweMessage(input.message);
    if (!message.domain || !message.address || !message.nonce) {
      throw new InvalidSiwfError('The sign-in message is missing its domain, address or nonce');
    }
    if (message.domain !== input.domain || input.domain !== this.options.domain) {
      throw new InvalidSiwfError(`The sign-in message is for ${message.domain}, not ${this.options.domain}`);
    }
    if (!validateSiweMessage({ message, domain: this.options.domain })) {
      throw new InvalidSiwfError('The sign-in message has expired or is not valid yet');
    }
    const fid = fidInResources(message.resources);
    const user = await this.options.farcaster.getUser(fid);
    if (!user) throw new InvalidSiwfError(`No Farcaster user with fid ${fid}`);
    const signedByCustody =
      message.address.toLowerCase() === user.custodyAddress.toLowerCase() &&
      (await verifyMessage({ address: user.custodyAddress, message: input.message, signature: input.signature }).catch(
        () => false,
      ));
    if (!signedByCustody) throw new InvalidSiwfError(`The signature is not from the custody address of fid ${fid}`);
    if (!(await this.consumeNonce(message.nonce))) {
      throw new InvalidSiwfError('The nonce was not issued by this server, has expired or was already used');
    }
    return this.issueToken(fid);
  }

  /** A signed token for `fid`; tests use a negative lifetime to make an expired one. */
  async issueToken(fid: number, ttlSeconds = TOKEN_TTL_SECONDS): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    // Quick Auth's `sub` is the fid as a number.
    return new SignJWT({ sub: fid as unknown as string })
      .setProtectedHeader({ alg: 'EdDSA', kid: KEY_ID, typ: 'JWT' })
      .setIssuer(this.options.origin)
      .setAudience(this.options.domain)
      .setIssuedAt(Math.min(now, now + ttlSeconds))
      .setExpirationTime(now + ttlSeconds)
      .sign(this.privateKey);
  }

  async verify(token: string) {
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        issuer: this.options.origin,
        audience: this.options.domain,
        algorithms: ['EdDSA'],
      });
      return { fid: fidFromSubject(payload.sub) };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.message);
      throw error;
    }
  }

  private async consumeNonce(nonce: string): Promise<boolean> {
    // Deleted as it is used: a second use finds nothing, and nothing used piles up.
    const used = await this.options.db
      .deleteFrom('auth_nonces')
      .where('nonce', '=', nonce)
      .where('used_at', 'is', null)
      .returning(['nonce', sql<boolean>`created_at > now() - make_interval(mins => ${NONCE_TTL_MINUTES})`.as('fresh')])
      .executeTakeFirst();
    return used?.fresh === true;
  }
}

/** Farcaster puts the signer's fid in the SIWE resources as `farcaster://fid/<fid>`. */
function fidInResources(resources: readonly string[] | undefined): number {
  for (const resource of resources ?? []) {
    const match = /^farcaster:\/\/fid\/(\d+)$/.exec(resource);
    if (match) return Number(match[1]);
  }
  throw new InvalidSiwfError('The sign-in message names no fid (farcaster://fid/<fid> resource)');
}
