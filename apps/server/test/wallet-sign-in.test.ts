import type { ServerResponse } from 'node:http';
import { devAccount, localUserAccount } from '@fartwin/localstack';
import {
  apiPaths,
  errorBodySchema,
  walletSignInNonceResponseSchema,
  walletSignInPaths,
  walletSignInResponseSchema,
  walletSignOutResponseSchema,
} from '@fartwin/protocol';
import { decodeJwt, SignJWT } from 'jose';
import { sql } from 'kysely';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { ACCOUNT_LOOKUP_BUDGET_MS } from '../src/auth/wallet-sign-in.ts';
import { LOCAL_WALLET_SESSION_SECRET } from '../src/platform/config/config.ts';
import { RATE_LIMITS } from '../src/platform/limits/rate-limits.ts';
import { neynarAccountsByAddress } from '../src/platform/providers/accounts-by-address.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { sendJson, startFakeHttp } from './fake-http.ts';
import { PRODUCTION_TEST_ENV, startTestServer, type TestServer } from './harness.ts';
import { tokenFor } from './quick-auth-client.ts';
import { createTwin, twinAgentId } from './twins.ts';
import { type MessageOptions, type SignInTarget, walletClient } from './wallet-client.ts';

const MINUTE_MS = 60_000;

/** Runtime code that answers any call with the ERC-1271 magic value 0x1626ba7e: a wallet that accepts every signature. */
const ALWAYS_VALID_ERC1271_CODE = '0x631626ba7e60e01b60005260206000f3';

async function anvilRpc(rpcUrl: string, method: string, params: unknown[]): Promise<void> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
}

const inProcess = (server: TestServer): SignInTarget => ({
  request: async (path, init) => server.app.request(path, init),
  publicUrl: server.config.publicUrl,
});

async function failure(response: Response) {
  return { status: response.status, ...errorBodySchema.parse(await response.json()) };
}

const nonceRows = (server: TestServer, nonce: string) =>
  server.db.selectFrom('wallet_sign_in_nonces').select('nonce').where('nonce', '=', nonce).execute();

describe('wallet sign-in (web mode), local mode', () => {
  let server: TestServer;
  let domain: string;
  let ipCount = 0;
  /** A client on an IP of its own. */
  const client = () => walletClient(() => inProcess(server), `198.51.100.${++ipCount}`);

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY_HOPS: '1' });
    domain = appDomain(server.config.publicUrl);
    await seedLocalNetwork(server.db, server.config.publicUrl);
    await createTwin(server.db, 1001);
    await createTwin(server.db, 1002);
  }, 120_000);
  afterAll(() => server.close());

  it('signs a local user in with their wallet, and the session acts for that fid and no other', async () => {
    const wallet = client();
    const account = localUserAccount(1001);
    const response = await wallet.signIn(account);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const session = walletSignInResponseSchema.parse(await response.json());
    expect(session).toMatchObject({ fid: 1001, username: 'lowcaps-dev', address: account.address });
    const expiresAt = Date.parse(session.expiresAt);
    expect(expiresAt).toBeGreaterThan(Date.now() + 23 * 60 * MINUTE_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 24 * 60 * MINUTE_MS);
    // Its own issuer and audience, never a Quick Auth token's (origin, domain).
    const claims = decodeJwt(session.token);
    expect(claims).toMatchObject({ sub: '1001', iss: `${server.config.publicUrl}/auth/wallet` });
    expect(claims.aud).toBe(`wallet-session:${domain}`);

    const bearer = { authorization: `Bearer ${session.token}` };
    const own = await wallet.request(apiPaths.conversation(twinAgentId('lowcaps-dev')), { headers: bearer });
    expect(own.status).toBe(200);
    expect((await wallet.request(apiPaths.deployProgress(1001), { headers: bearer })).status).toBe(200);
    const chatOwn = await wallet.request(apiPaths.chat(twinAgentId('lowcaps-dev')), {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify({ conversation: 'hello from a browser', fid: 1001 }),
    });
    expect(chatOwn.status).toBe(200);

    // Acting for fid 1002 with fid 1001's session: refused, whatever the route.
    const progressOther = await wallet.request(apiPaths.deployProgress(1002), { headers: bearer });
    expect(await failure(progressOther)).toEqual({
      status: 403,
      code: 'forbidden',
      error: 'Signed in as fid 1001, not fid 1002',
    });
    const chatOther = await wallet.request(apiPaths.chat(twinAgentId('gmbeans')), {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify({ conversation: 'hi', fid: 1002 }),
    });
    expect(chatOther.status).toBe(403);
    const deployOther = await wallet.request(apiPaths.deploy(1002), {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify({ choices: [] }),
    });
    expect(deployOther.status).toBe(403);
    const actionsOther = await wallet.request(apiPaths.agentActions(twinAgentId('gmbeans')), {
      method: 'PATCH',
      headers: bearer,
      body: JSON.stringify({ contentWriter: true }),
    });
    expect(actionsOther.status).toBe(403);
    const stored = await server.db
      .selectFrom('chat_turns')
      .select('fid')
      .where('agent_id', '=', twinAgentId('gmbeans'))
      .execute();
    expect(stored).toEqual([]);
  });

  it('issues single-use nonces, cross-origin like the Quick Auth routes', async () => {
    const wallet = client();
    const response = await wallet.request(walletSignInPaths.nonce, {
      method: 'POST',
      headers: { origin: 'http://localhost:5173' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const { nonce } = walletSignInNonceResponseSchema.parse(await response.json());
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(await nonceRows(server, nonce)).toHaveLength(1);
    const preflight = await wallet.request(walletSignInPaths.signIn, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('accepts a nonce once, and a refused sign-in uses it up and issues nothing', async () => {
    const wallet = client();
    const account = localUserAccount(1002);
    const nonce = await wallet.nonce();
    const wrongDomain = await wallet.signIn(account, { nonce, domain: 'evil.example.com' });
    expect(await failure(wrongDomain)).toEqual({
      status: 401,
      code: 'sign_in_failed',
      error: `The message signs in to evil.example.com, not to ${domain}.`,
    });
    expect(await nonceRows(server, nonce)).toEqual([]);
    // The same nonce with a now correct message: nothing to finish, no session.
    const retried = await wallet.signIn(account, { nonce });
    const nonceError = {
      status: 401,
      code: 'sign_in_failed',
      error: 'The sign-in nonce was not issued by Fartwin, has expired or was already used. Sign in again.',
    };
    expect(await failure(retried)).toEqual(nonceError);

    const fresh = await wallet.nonce();
    const text = wallet.message(account, fresh);
    const body = { message: text, signature: await account.signMessage({ message: text }) };
    expect((await wallet.post(body)).status).toBe(200);
    expect(await failure(await wallet.post(body))).toEqual(nonceError);
    expect(await failure(await wallet.signIn(account, { nonce: 'madeup1234567890' }))).toEqual(nonceError);
  });

  it('refuses an expired nonce, and clears expired ones as new ones are issued', async () => {
    const wallet = client();
    const age = (nonce: string) =>
      sql`update wallet_sign_in_nonces set created_at = now() - interval '11 minutes' where nonce = ${nonce}`.execute(
        server.db,
      );
    const nonce = await wallet.nonce();
    await age(nonce);
    expect(await failure(await wallet.signIn(localUserAccount(1003), { nonce }))).toMatchObject({
      status: 401,
      error: expect.stringMatching(/has expired or was already used/),
    });
    const stale = await wallet.nonce();
    await age(stale);
    await wallet.nonce();
    expect(await nonceRows(server, stale)).toEqual([]);
  });

  it('refuses a message that has expired, was issued long ago or in the future, or is for another chain', async () => {
    const wallet = client();
    const account = localUserAccount(1003);
    const now = Date.now();
    const cases: [MessageOptions, string][] = [
      [{ expirationTime: new Date(now - MINUTE_MS) }, 'The message has expired. Sign in again.'],
      [{ issuedAt: new Date(now - 11 * MINUTE_MS) }, 'The message was issued more than 10 minutes ago. Sign in again.'],
      [
        { issuedAt: new Date(now + 5 * MINUTE_MS) },
        "The message was issued in the future. Check the device's clock and sign in again.",
      ],
      [{ chainId: 1 }, 'The message is for chain 1, but Fartwin runs on Base (chain 8453).'],
    ];
    for (const [options, error] of cases) {
      expect(await failure(await wallet.signIn(account, options))).toEqual({
        status: 401,
        code: 'sign_in_failed',
        error,
      });
    }
  });

  it('refuses a message whose URI, version, scheme, address form or lines are not exactly the app sign-in', async () => {
    const wallet = client();
    const account = localUserAccount(1003);
    const origin = server.config.publicUrl;
    /** A correct message (with a fresh nonce) edited by `edit`, then signed as edited. */
    const edited = async (edit: (text: string) => string) =>
      failure(await wallet.signInWithText(account, edit(wallet.message(account, await wallet.nonce()))));
    const exactForm = (line: number, text: string) =>
      `The message is not in EIP-4361's exact form: line ${line} ${JSON.stringify(text)} is not what that line must be.`;
    const cases: [string, (text: string) => string, string][] = [
      [
        'another URI',
        (text) => text.replace(`URI: ${origin}/`, 'URI: https://evil.example.com/'),
        `The message is for https://evil.example.com/, not for ${origin}.`,
      ],
      [
        'a path of the app',
        (text) => text.replace(`URI: ${origin}/`, `URI: ${origin}/agents`),
        `The message is for ${origin}/agents, not for ${origin}.`,
      ],
      ['a second Chain ID line', (text) => text.replace('URI:', 'Chain ID: 1\nURI:'), exactForm(6, 'Chain ID: 1')],
      ['a second Chain ID line at the end', (text) => `${text}\nChain ID: 1`, exactForm(11, 'Chain ID: 1')],
      ['a second Nonce line', (text) => `${text}\nNonce: abcdef123456`, exactForm(11, 'Nonce: abcdef123456')],
      ['an unknown line at the end', (text) => `${text}\nAdmin: true`, exactForm(11, 'Admin: true')],
      [
        'an unknown line among the fields',
        (text) => text.replace('URI:', 'Role: admin\nURI:'),
        exactForm(6, 'Role: admin'),
      ],
      [
        'version 2',
        (text) => text.replace('Version: 1', 'Version: 2'),
        'The message is of version 2; EIP-4361 messages are version 1.',
      ],
      ['another scheme', (text) => `https://${text}`, 'The message signs in over https, not http.'],
      [
        'an address without its checksum',
        (text) => text.replace(account.address, account.address.toLowerCase()),
        'The address in the message must be written with its EIP-55 checksum.',
      ],
      [
        'resources',
        (text) => `${text}\nResources:\n- https://evil.example.com/grant`,
        "The message asks for a request id or resources, which Fartwin's sign-in does not use.",
      ],
    ];
    for (const [what, edit, error] of cases) {
      expect.soft({ what, ...(await edited(edit)) }).toEqual({ what, status: 401, code: 'sign_in_failed', error });
    }
    // The app's URL written as the mini-app writes it (its origin, no slash) signs in.
    const response = await wallet.signInWithText(
      account,
      wallet.message(account, await wallet.nonce()).replace(`URI: ${origin}/`, `URI: ${origin}`),
    );
    expect(response.status).toBe(200);
  });

  it('refuses a signature that is not from the address in the message', async () => {
    const wallet = client();
    const victim = localUserAccount(1004);
    const response = await wallet.signIn(victim, { signer: devAccount(3) });
    expect(await failure(response)).toEqual({
      status: 401,
      code: 'sign_in_failed',
      error: `The signature is not from ${victim.address}.`,
    });
    // A message naming another address than the signer's, signed by the signer: the same.
    const impostor = privateKeyToAccount(generatePrivateKey());
    const claimed = await wallet.signIn(impostor, { address: victim.address });
    expect((await failure(claimed)).error).toBe(`The signature is not from ${victim.address}.`);
  });

  it('answers a malformed or oversized body with 400, and a message that is not EIP-4361 with 401', async () => {
    const wallet = client();
    const signature = `0x${'ab'.repeat(65)}`;
    expect(await failure(await wallet.post('{'))).toEqual({
      status: 400,
      code: 'invalid_json',
      error: 'The request body must be JSON',
    });
    expect(await failure(await wallet.post({ message: 'hi' }))).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(await failure(await wallet.post({ message: 'hi', signature: 'nope' }))).toMatchObject({
      status: 400,
      error: expect.stringMatching(/signature: must be a 0x-prefixed hex signature/),
    });
    const oversized = await wallet.post({ message: 'x'.repeat(2_001), signature });
    expect(await failure(oversized)).toMatchObject({
      status: 400,
      error: expect.stringMatching(/^Invalid request: message/),
    });
    expect(await failure(await wallet.post({ message: 'let me in', signature }))).toEqual({
      status: 401,
      code: 'sign_in_failed',
      error: 'The message is not an EIP-4361 sign-in message (it needs a domain, an address and a nonce).',
    });
  });

  it('tells a wallet no Farcaster account holds why it cannot deploy or chat, and issues no session', async () => {
    const wallet = client();
    const stranger = privateKeyToAccount(generatePrivateKey());
    const response = await wallet.signIn(stranger);
    expect(await failure(response)).toEqual({
      status: 403,
      code: 'no_farcaster_account',
      error:
        `No Farcaster account holds or has verified ${stranger.address}. This wallet can browse and revive ` +
        'twins, but it cannot deploy a twin or chat as someone.',
    });
  });

  it('refuses a tampered, expired or foreign session token with 401, and still takes Quick Auth tokens', async () => {
    const wallet = client();
    const address = localUserAccount(1001).address;
    const progress = (token: string) =>
      wallet.request(apiPaths.deployProgress(1001), { headers: { authorization: `Bearer ${token}` } });
    const unauthorized = { status: 401, code: 'unauthorized', error: 'The sign-in token is invalid or has expired' };

    const { token } = await server.services.walletSessions.issue(1001, address);
    expect((await progress(token)).status).toBe(200);
    // The payload changed to another fid, the signature kept.
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: '1002' })).toString('base64url');
    expect(await failure(await progress(`${header}.${forged}.${signature}`))).toEqual(unauthorized);
    const expired = await server.services.walletSessions.issue(1001, address, -60);
    expect(await failure(await progress(expired.token))).toEqual(unauthorized);
    // Right claims, signed with another secret (here: made by someone who only knows the format).
    const foreign = await new SignJWT({ address })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1001')
      .setIssuer(`${server.config.publicUrl}/auth/wallet`)
      .setAudience(`wallet-session:${domain}`)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(`${LOCAL_WALLET_SESSION_SECRET}-but-not-quite`));
    expect(await failure(await progress(foreign))).toEqual(unauthorized);

    const quickAuth = await tokenFor((path, init) => server.app.request(path, init), 1001, domain);
    expect((await progress(quickAuth)).status).toBe(200);
  });

  it('signs out: the session ends on the server, other sessions of the same user go on', async () => {
    const wallet = client();
    const account = localUserAccount(1002);
    const signedIn = async () => walletSignInResponseSchema.parse(await (await wallet.signIn(account)).json()).token;
    const [ended, kept] = [await signedIn(), await signedIn()];
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const progress = (token: string) => wallet.request(apiPaths.deployProgress(1002), { headers: bearer(token) });
    const signOut = (headers: Record<string, string> = {}) =>
      wallet.request(walletSignInPaths.signOut, { method: 'POST', headers });
    // Checked once before: a replica that remembered the check must still refuse it afterwards.
    expect((await progress(ended)).status).toBe(200);

    const response = await signOut(bearer(ended));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(walletSignOutResponseSchema.parse(await response.json())).toEqual({ signedOut: true, fid: 1002 });
    const unauthorized = { status: 401, code: 'unauthorized', error: 'The sign-in token is invalid or has expired' };
    expect(await failure(await progress(ended))).toEqual(unauthorized);
    const chat = await wallet.request(apiPaths.chat('gmbeans-twin'), {
      method: 'POST',
      headers: bearer(ended),
      body: JSON.stringify({ conversation: 'still there?', fid: 1002 }),
    });
    expect(await failure(chat)).toEqual(unauthorized);
    expect((await progress(kept)).status).toBe(200);
    // Signed out already, or never a session: 401; a Quick Auth token is not a session to end.
    expect(await failure(await signOut(bearer(ended)))).toEqual(unauthorized);
    expect(await failure(await signOut())).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(await failure(await signOut(bearer(`${kept.slice(0, -4)}AAAA`)))).toEqual(unauthorized);
    const quickAuth = await tokenFor((path, init) => server.app.request(path, init), 1002, domain);
    expect(await failure(await signOut(bearer(quickAuth)))).toEqual({
      status: 400,
      code: 'not_a_wallet_session',
      error: 'Only a wallet sign-in session can be signed out here; a Quick Auth token ends on its own.',
    });
    expect((await progress(quickAuth)).status).toBe(200);
    const { jti, exp } = decodeJwt(ended);
    const rows = await server.db.selectFrom('wallet_session_revocations').selectAll().where('jti', '=', jti!).execute();
    expect(rows).toEqual([{ jti, expires_at: new Date(exp! * 1000) }]);
  });

  it('refuses a session token that carries no id (jti), as issued before sessions could end', async () => {
    const address = localUserAccount(1001).address;
    const old = await new SignJWT({ address })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('1001')
      .setIssuer(`${server.config.publicUrl}/auth/wallet`)
      .setAudience(`wallet-session:${domain}`)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(LOCAL_WALLET_SESSION_SECRET));
    const response = await client().request(apiPaths.deployProgress(1001), {
      headers: { authorization: `Bearer ${old}` },
    });
    expect(response.status).toBe(401);
    const { token } = await server.services.walletSessions.issue(1001, address);
    expect(decodeJwt(token).jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('deletes signed-out sessions once their tokens have expired, and keeps the others', async () => {
    const { revocations } = server.services.walletSessions;
    const hourAgo = new Date(Date.now() - 60 * MINUTE_MS);
    const inAnHour = new Date(Date.now() + 60 * MINUTE_MS);
    await revocations.revoke('expired-session', hourAgo);
    await revocations.revoke('live-session', inAnHour);
    expect(await revocations.deleteExpired()).toBeGreaterThanOrEqual(1);
    expect(await revocations.isRevoked('expired-session')).toBe(false);
    expect(await revocations.isRevoked('live-session')).toBe(true);
  });

  it('limits sign-outs per IP with 429 and Retry-After, ending nothing past the limit', async () => {
    const wallet = client();
    const { points } = RATE_LIMITS.signOutPerIp;
    for (let attempt = 0; attempt < points; attempt++) {
      expect((await wallet.request(walletSignInPaths.signOut, { method: 'POST' })).status).toBe(401);
    }
    const { token } = walletSignInResponseSchema.parse(await (await client().signIn(localUserAccount(1001))).json());
    const refused = await wallet.request(walletSignInPaths.signOut, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await failure(refused)).code).toBe('rate_limited');
    const stillOn = await wallet.request(apiPaths.deployProgress(1001), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stillOn.status).toBe(200);
  });

  it('signs a smart wallet in through the chain (ERC-1271), and answers 503 when the chain cannot check it', async () => {
    const wallet = client();
    // A contract account whose isValidSignature answers the ERC-1271 magic value for anything.
    const smartWallet = privateKeyToAccount(generatePrivateKey());
    await anvilRpc(server.anvil.rpcUrl, 'anvil_setCode', [smartWallet.address, ALWAYS_VALID_ERC1271_CODE]);
    await server.db
      .insertInto('social_accounts')
      .values({
        fid: 777_777,
        username: 'smart-wallet',
        display_name: 'Smart',
        bio: '',
        custody_address: smartWallet.address,
      })
      .execute();
    const signer = privateKeyToAccount(generatePrivateKey());
    const signedIn = await wallet.signIn(smartWallet, { signer });
    expect(walletSignInResponseSchema.parse(await signedIn.json())).toMatchObject({ fid: 777_777 });
    // Smart wallets' signatures (ERC-6492 wrapping a factory call) run to kilobytes.
    const long = await wallet.post({
      message: wallet.message(smartWallet, await wallet.nonce()),
      signature: `0x${'ab'.repeat(1_500)}`,
    });
    expect(walletSignInResponseSchema.parse(await long.json())).toMatchObject({ fid: 777_777 });

    await server.stopChain();
    try {
      const nonce = await wallet.nonce();
      const refused = await wallet.signIn(smartWallet, { signer, nonce });
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await failure(refused)).toEqual({
        status: 503,
        code: 'sign_in_unavailable',
        error:
          "The wallet's signature could not be checked right now (the chain did not answer). Please try again in a moment.",
      });
      expect(await nonceRows(server, nonce)).toEqual([]);
      // A plain account's signature needs no chain.
      expect((await wallet.signIn(localUserAccount(1006))).status).toBe(200);
    } finally {
      await server.startChain();
    }
  });

  it('limits sign-ins per IP with 429 and Retry-After, leaving other IPs alone', async () => {
    const wallet = client();
    const { points } = RATE_LIMITS.walletSignInPerIp;
    // Preflights are free.
    const preflight = { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' };
    for (let attempt = 0; attempt <= points; attempt++) {
      expect((await wallet.request(walletSignInPaths.signIn, { method: 'OPTIONS', headers: preflight })).status).toBe(
        204,
      );
    }
    for (let attempt = 0; attempt < points; attempt++) {
      expect((await wallet.post({ message: 'hi' })).status).toBe(400);
    }
    const refused = await wallet.post({ message: 'hi' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await failure(refused)).code).toBe('rate_limited');
    expect((await client().signIn(localUserAccount(1005))).status).toBe(200);
  });
});

/** Trimmed from Neynar's documented bulk-by-address answer: `{ [address]: User[] }`. */
function neynarUser(fid: number, custody: string, verified: string[] = [], primary: string | null = null) {
  return {
    object: 'user',
    fid,
    username: `user${fid}`,
    custody_address: custody,
    verified_addresses: { eth_addresses: verified, sol_addresses: [], primary: { eth_address: primary } },
    follower_count: 1,
  };
}

describe('wallet sign-in in production mode, with Neynar standing in', () => {
  let server: TestServer;
  let neynar: Awaited<ReturnType<typeof startFakeHttp>>;
  const held: ServerResponse[] = [];
  const custodian = privateKeyToAccount(generatePrivateKey());
  const verifier = privateKeyToAccount(generatePrivateKey());
  const stranger = privateKeyToAccount(generatePrivateKey());
  const neynarDown = privateKeyToAccount(generatePrivateKey());
  const neynarSlow = privateKeyToAccount(generatePrivateKey());
  const other = `0x${'9'.repeat(40)}`;
  let ipCount = 0;
  const client = () => walletClient(() => inProcess(server), `203.0.113.${++ipCount}`);

  beforeAll(async () => {
    neynar = await startFakeHttp((request, response) => {
      const url = new URL(request.url, 'http://localhost');
      const json = (status: number, body: unknown) => sendJson(response, status, body);
      if (request.headers['x-api-key'] !== 'neynar-key') return json(401, { message: 'Unauthorized' });
      if (url.pathname !== '/v2/farcaster/user/bulk-by-address/') return json(404, { message: 'not found' });
      const address = url.searchParams.get('addresses');
      const lower = (account: { address: string }) => account.address.toLowerCase();
      if (address === lower(neynarSlow)) return void held.push(response);
      if (address === lower(neynarDown)) return json(500, { message: 'Internal server error' });
      if (address === lower(custodian)) {
        // Two accounts verified it (one as its primary), one holds it: the holder wins.
        return json(200, {
          [address]: [
            neynarUser(30, other, [custodian.address], custodian.address),
            neynarUser(7, other, [custodian.address]),
            neynarUser(500, custodian.address),
          ],
        });
      }
      if (address === lower(verifier)) {
        // Verified by two, neither holding it: the one whose primary address it is.
        return json(200, {
          [address]: [
            neynarUser(7, other, [verifier.address]),
            neynarUser(30, other, [verifier.address], verifier.address),
          ],
        });
      }
      return json(404, { code: 'NotFound', message: 'No users found for the given addresses' });
    });
    server = await startTestServer(
      { ...PRODUCTION_TEST_ENV, TRUST_PROXY_HOPS: '1' },
      {
        walletAccounts: neynarAccountsByAddress({
          apiKey: 'neynar-key',
          baseUrl: neynar.url,
          timeoutMs: ACCOUNT_LOOKUP_BUDGET_MS,
        }),
      },
    );
  }, 120_000);
  afterAll(async () => {
    for (const response of held) response.destroy();
    await server?.close();
    await neynar.close();
  });

  it('signs in as the account that holds the address, checked by the production requireAuth', async () => {
    const wallet = client();
    const response = await wallet.signIn(custodian);
    expect(response.status).toBe(200);
    const session = walletSignInResponseSchema.parse(await response.json());
    expect(session).toMatchObject({ fid: 500, username: 'user500', address: custodian.address });
    const lookup = neynar.requests.at(-1)!;
    expect(lookup.url).toBe(
      `/v2/farcaster/user/bulk-by-address/?addresses=${custodian.address.toLowerCase()}&address_types=custody_address%2Cverified_address`,
    );
    // Farcaster's Quick Auth verifier is not asked about a session (it would fetch Farcaster's keys).
    const bearer = { authorization: `Bearer ${session.token}` };
    expect((await wallet.request(apiPaths.deployProgress(500), { headers: bearer })).status).toBe(200);
    expect((await wallet.request(apiPaths.deployProgress(7), { headers: bearer })).status).toBe(403);
  });

  it('picks, among accounts that verified the address, the one whose primary address it is', async () => {
    const session = walletSignInResponseSchema.parse(await (await client().signIn(verifier)).json());
    expect(session).toMatchObject({ fid: 30, username: 'user30' });
  });

  it('answers 403 no_farcaster_account when Neynar knows no account for the address', async () => {
    expect(await failure(await client().signIn(stranger))).toMatchObject({
      status: 403,
      code: 'no_farcaster_account',
    });
  });

  it('answers a clear 503 with Retry-After when Neynar fails or does not answer within its budget', async () => {
    const wallet = client();
    const unavailable = {
      status: 503,
      code: 'sign_in_unavailable',
      error: "Fartwin could not look up this wallet's Farcaster account right now. Please try again in a moment.",
    };
    const down = await wallet.signIn(neynarDown);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await failure(down)).toEqual(unavailable);
    expect(await failure(await wallet.signIn(neynarSlow))).toEqual(unavailable);
    // The nonces of both are spent: nothing is left half signed in.
    expect(await server.db.selectFrom('wallet_sign_in_nonces').select('nonce').execute()).toEqual([]);
  });
});
