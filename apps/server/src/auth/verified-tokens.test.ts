import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { InvalidTokenError, type TokenVerifier } from './token-verifier.ts';
import { rememberVerifiedTokens } from './verified-tokens.ts';

const key = new TextEncoder().encode('a test secret of at least thirty-two bytes');

/** A token for `fid` that expires at `expiresAtSeconds` (default: in an hour). */
function tokenFor(fid: number, expiresAtSeconds = Math.floor(Date.now() / 1000) + 3600): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(fid))
    .setExpirationTime(expiresAtSeconds)
    .sign(key);
}

/** A verifier that counts its checks and accepts only tokens it was told are good. */
function countingVerifier() {
  const good = new Map<string, number>();
  let checks = 0;
  const verifier: TokenVerifier = {
    async verify(token) {
      checks++;
      const fid = good.get(token);
      if (fid === undefined) throw new InvalidTokenError('bad token');
      return { fid };
    },
  };
  return { verifier, good, checks: () => checks };
}

describe('rememberVerifiedTokens', () => {
  it('checks a good token once and answers the same user after', async () => {
    const { verifier, good, checks } = countingVerifier();
    const token = await tokenFor(1001);
    good.set(token, 1001);
    const remembered = rememberVerifiedTokens(verifier);
    expect(await remembered.verify(token)).toEqual({ fid: 1001 });
    expect(await remembered.verify(token)).toEqual({ fid: 1001 });
    expect(checks()).toBe(1);
  });

  it('never remembers a failure, and keeps tokens apart', async () => {
    const { verifier, good, checks } = countingVerifier();
    const [mine, theirs] = await Promise.all([tokenFor(1001), tokenFor(1002)]);
    good.set(mine, 1001);
    const remembered = rememberVerifiedTokens(verifier);
    await expect(remembered.verify(theirs)).rejects.toThrow(InvalidTokenError);
    await expect(remembered.verify(theirs)).rejects.toThrow(InvalidTokenError);
    expect(checks()).toBe(2);
    good.set(theirs, 1002);
    expect(await remembered.verify(mine)).toEqual({ fid: 1001 });
    expect(await remembered.verify(theirs)).toEqual({ fid: 1002 });
  });

  it('checks a token again once it has expired', async () => {
    const { verifier, good, checks } = countingVerifier();
    const expiresAtSeconds = Math.floor(Date.now() / 1000) + 60;
    const token = await tokenFor(1001, expiresAtSeconds);
    good.set(token, 1001);
    // A clock 50 ms before the token's expiry: it is kept no longer than that.
    const remembered = rememberVerifiedTokens(verifier, () => expiresAtSeconds * 1000 - 50);
    await remembered.verify(token);
    await new Promise((resolve) => setTimeout(resolve, 120));
    good.delete(token);
    await expect(remembered.verify(token)).rejects.toThrow(InvalidTokenError);
    expect(checks()).toBe(2);
  });
});
