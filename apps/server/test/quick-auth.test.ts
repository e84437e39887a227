import type { AddressInfo } from 'node:net';
import { createClient } from '@farcaster/quick-auth';
import { devAccount, getFreePort, localUserAccount, siwfMessage } from '@fartwin/localstack';
import { quickAuthNonceResponseSchema } from '@fartwin/protocol';
import { serve } from '@hono/node-server';
import { createLocalJWKSet, decodeJwt, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farcasterTokenVerifier } from '../src/auth/farcaster-token-verifier.ts';
import { InvalidTokenError } from '../src/auth/token-verifier.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { startTestServer } from './harness.ts';
import { signIn } from './quick-auth-client.ts';

/**
 * Local Quick Auth over real HTTP, driven by Farcaster's own client library, so the endpoints
 * are exactly what the mini-app SDK calls.
 */
/** The test server with the local network seeded, also listening over HTTP at its PUBLIC_URL. */
async function startListeningServer() {
  const port = await getFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startTestServer({ PUBLIC_URL: origin });
  await seedLocalNetwork(server.db, origin);
  const http = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port });
  await new Promise<void>((resolve) => http.once('listening', () => resolve()));
  expect((http.address() as AddressInfo).port).toBe(port);
  return {
    server,
    origin,
    domain: `127.0.0.1:${port}`,
    close: async () => {
      await new Promise((resolve) => http.close(resolve));
      await server.close();
    },
  };
}

describe('local Quick Auth server', () => {
  let listening: Awaited<ReturnType<typeof startListeningServer>>;
  let origin: string;
  let domain: string;
  const request = (path: string, init?: RequestInit) => listening.server.app.request(path, init);

  beforeAll(async () => {
    listening = await startListeningServer();
    ({ origin, domain } = listening);
  });
  afterAll(() => listening.close());

  it('signs a user in through nonce → SIWF → verify-siwf, and the token passes quick-auth verifyJwt', async () => {
    const client = createClient({ origin });
    const { nonce } = await client.generateNonce();
    expect(quickAuthNonceResponseSchema.parse({ nonce }).nonce).toMatch(/^[0-9a-f]{32}$/);
    const account = localUserAccount(1001);
    const message = siwfMessage({ domain, fid: 1001, address: account.address, nonce });
    const { token } = await client.verifySiwf({ message, signature: await account.signMessage({ message }), domain });

    const payload = await client.verifyJwt({ token, domain });
    expect(payload).toMatchObject({ sub: 1001, iss: origin, aud: domain });
    expect(payload.exp - payload.iat).toBe(3600);
  });

  it('publishes the signing key as a JWKS', async () => {
    const response = await request('/.well-known/jwks.json');
    expect(response.status).toBe(200);
    const jwks = (await response.json()) as { keys: { kty: string; crv: string; alg: string }[] };
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' })]);
    const token = (await signIn(request, { fid: 1002, domain })).token!;
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks as never), { issuer: origin, audience: domain });
    expect(payload.sub).toBe(1002);
  });

  it('accepts each nonce once', async () => {
    const { nonce } = (await (await request('/nonce', { method: 'POST' })).json()) as { nonce: string };
    const account = localUserAccount(1003);
    const message = siwfMessage({ domain, fid: 1003, address: account.address, nonce });
    const body = JSON.stringify({ message, signature: await account.signMessage({ message }), domain });
    const post = () =>
      request('/verify-siwf', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(await (await post()).json()).toEqual({ token: expect.any(String) });
    expect(await (await post()).json()).toEqual({
      valid: false,
      message: 'The nonce was not issued by this server, has expired or was already used',
    });
    // Used nonces do not pile up.
    const db = listening.server.db;
    expect(await db.selectFrom('auth_nonces').select('nonce').where('nonce', '=', nonce).execute()).toEqual([]);
  });

  it('refuses an expired nonce, and clears expired ones as new ones are issued', async () => {
    const db = listening.server.db;
    const age = (nonce: string) =>
      sql`update auth_nonces set created_at = now() - interval '11 minutes' where nonce = ${nonce}`.execute(db);
    const { nonce } = (await (await request('/nonce', { method: 'POST' })).json()) as { nonce: string };
    await age(nonce);
    expect(await signIn(request, { fid: 1004, domain, nonce })).toMatchObject({ valid: false });
    const { nonce: stale } = (await (await request('/nonce', { method: 'POST' })).json()) as { nonce: string };
    await age(stale);
    await request('/nonce', { method: 'POST' });
    expect(await db.selectFrom('auth_nonces').select('nonce').where('nonce', '=', stale).execute()).toEqual([]);
  });

  it('refuses a nonce it never issued', async () => {
    expect(await signIn(request, { fid: 1004, domain, nonce: 'madeup1234567890' })).toMatchObject({
      valid: false,
      message: expect.stringMatching(/nonce/),
    });
  });

  it("refuses a message signed by someone other than the fid's custody address", async () => {
    const result = await signIn(request, { fid: 1005, domain, signer: devAccount(3) });
    expect(result).toMatchObject({
      valid: false,
      message: 'The signature is not from the custody address of fid 1005',
    });
    expect(result.token).toBeUndefined();
  });

  it('refuses a message for another domain, and an fid that is not a local user', async () => {
    expect(await signIn(request, { fid: 1006, domain: 'evil.example' })).toMatchObject({
      valid: false,
      message: expect.stringMatching(/not 127\.0\.0\.1/),
    });
    const stranger = await signIn(request, { fid: 4242, domain });
    expect(stranger).toMatchObject({ valid: false, message: 'No Farcaster user with fid 4242' });
  });

  it('answers a malformed verify-siwf body with a JSON 400', async () => {
    const response = await request('/verify-siwf', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'hi' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_request' });
    const notJson = await request('/verify-siwf', { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ code: 'invalid_json', error: 'The request body must be JSON' });
  });

  it('issues tokens whose exp the SDK can read', async () => {
    const token = (await signIn(request, { fid: 1007, domain })).token!;
    const { exp, sub } = decodeJwt(token);
    expect(sub).toBe(1007);
    expect(exp! * 1000).toBeGreaterThan(Date.now() + 50 * 60 * 1000);
  });
});

describe('production token verification (Farcaster Quick Auth via @farcaster/quick-auth)', () => {
  let listening: Awaited<ReturnType<typeof startListeningServer>>;

  // Our local Quick Auth server plays Farcaster's: same endpoints, same JWKS, same token shape.
  beforeAll(async () => {
    listening = await startListeningServer();
  });
  afterAll(() => listening.close());

  it("accepts a token for the app's domain and refuses one for another domain or a garbled one", async () => {
    const { server, origin, domain } = listening;
    const token = (await signIn((path, init) => server.app.request(path, init), { fid: 1008, domain })).token!;
    expect(await farcasterTokenVerifier({ domain, origin }).verify(token)).toEqual({ fid: 1008 });
    await expect(farcasterTokenVerifier({ domain: 'other.example', origin }).verify(token)).rejects.toThrow(
      InvalidTokenError,
    );
    await expect(farcasterTokenVerifier({ domain, origin }).verify(`${token}x`)).rejects.toThrow(InvalidTokenError);
  });

  it('refuses, as 401 not 500, a token signed by an unknown key or with an algorithm it does not allow', async () => {
    const { origin, domain } = listening;
    const verifier = farcasterTokenVerifier({ domain, origin });
    const claims = { sub: '1008', aud: domain, iss: origin };
    const { privateKey } = await generateKeyPair('ES256');
    const unknownKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'not-a-published-key' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    await expect(verifier.verify(unknownKey)).rejects.toThrow(InvalidTokenError);
    const symmetric = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a shared secret anyone could guess'));
    await expect(verifier.verify(symmetric)).rejects.toThrow(InvalidTokenError);
  });
});
