import { signedKeyRequestAbi } from '@farcaster/miniapp-node';
import { errorBodySchema } from '@fartwin/protocol';
import { encodeAbiParameters, hexToBytes } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubAppKeyVerifier } from '../src/notify/app-keys.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { appKey, CLIENT_FID } from './app-key.ts';
import { sendJson, startFakeHttp } from './fake-http.ts';
import { PRODUCTION_TEST_ENV, startTestServer, type TestServer } from './harness.ts';

describe('POST /webhook (Farcaster client events)', () => {
  let server: TestServer;
  const alice = appKey(1001);
  const details = (token: string) => ({ url: 'http://localhost:3000/notifications', token });

  beforeAll(async () => {
    server = await startTestServer();
    await seedLocalNetwork(server.db, server.config.publicUrl);
    const registered = await server.app.request('/local-network/app-keys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fid: 1001, appFid: CLIENT_FID, publicKey: alice.publicKey }),
    });
    expect(registered.status).toBe(200);
  });
  afterAll(() => server?.close());

  const post = (body: unknown) =>
    server.app.request('/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const storedTokens = () => server.db.selectFrom('notification_tokens').selectAll().orderBy('fid').execute();

  it('stores, replaces and deletes the token per user and client, old frame_* names included', async () => {
    expect((await post(alice.sign({ event: 'miniapp_added', notificationDetails: details('t1') }))).status).toBe(200);
    expect(await storedTokens()).toMatchObject([{ fid: 1001, app_fid: CLIENT_FID, token: 't1' }]);

    await post(alice.sign({ event: 'notifications_enabled', notificationDetails: details('t2') }));
    expect((await storedTokens()).map((row) => row.token)).toEqual(['t2']);

    // Turning off twice (identically signed each time) is fine.
    for (let time = 0; time < 2; time++) {
      expect((await post(alice.sign({ event: 'notifications_disabled' }))).status).toBe(200);
    }
    expect(await storedTokens()).toEqual([]);

    await post(alice.sign({ event: 'frame_added', notificationDetails: details('t3') }));
    expect((await storedTokens()).map((row) => row.token)).toEqual(['t3']);
    expect((await post(alice.sign({ event: 'frame_removed' }))).status).toBe(200);
    expect(await storedTokens()).toEqual([]);

    // Added without notifications: nothing to store yet.
    expect((await post(alice.sign({ event: 'miniapp_added' }))).status).toBe(200);
    expect(await storedTokens()).toEqual([]);
  });

  it('refuses forged, malformed and replayed events, changing nothing', async () => {
    // A replayed enable must not bring an old token back after the user turned notifications off.
    const enabled = alice.sign({ event: 'notifications_enabled', notificationDetails: details('old') });
    expect((await post(enabled)).status).toBe(200);
    expect((await post(alice.sign({ event: 'notifications_disabled' }))).status).toBe(200);
    const replay = await post(enabled);
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual({ code: 'replayed_event', error: 'This event was already received' });
    // The same signature written another way (standard base64, padded) is the same event.
    const reEncoded = { ...enabled, signature: Buffer.from(enabled.signature, 'base64url').toString('base64') };
    expect(reEncoded.signature).not.toBe(enabled.signature);
    expect((await post(reEncoded)).status).toBe(409);
    expect(await storedTokens()).toEqual([]);

    await post(alice.sign({ event: 'notifications_enabled', notificationDetails: details('current') }));
    const before = await storedTokens();
    expect(before.map((row) => row.token)).toEqual(['current']);

    // A key nobody registered for this user.
    const stranger = appKey(1001);
    const wrongKey = await post(stranger.sign({ event: 'notifications_disabled' }));
    expect(wrongKey.status).toBe(401);
    expect(errorBodySchema.parse(await wrongKey.json()).code).toBe('invalid_app_key');

    // Alice's key claiming to sign for another (or an unknown) fid.
    for (const fid of [1002, 999_999]) {
      expect((await post(alice.sign({ event: 'notifications_disabled' }, fid))).status).toBe(401);
    }

    // A tampered payload no longer matches its signature.
    const signed = alice.sign({ event: 'notifications_enabled', notificationDetails: details('mine') });
    const tampered = {
      ...signed,
      payload: Buffer.from(
        JSON.stringify({ event: 'notifications_enabled', notificationDetails: details('attacker') }),
      ).toString('base64url'),
    };
    const tamperedResponse = await post(tampered);
    expect(tamperedResponse.status).toBe(400);
    expect(errorBodySchema.parse(await tamperedResponse.json()).code).toBe('invalid_event');

    // Malformed: not JSON, not a signature, a signed payload that is not an event.
    expect((await post('{not json')).status).toBe(400);
    expect((await post({ hello: 'world' })).status).toBe(400);
    expect((await post(alice.sign({ event: 'something_else' }))).status).toBe(400);

    // A notification URL the server would later be made to POST to: never stored.
    const fileUrl = await post(
      alice.sign({ event: 'notifications_enabled', notificationDetails: { url: 'file:///etc/passwd', token: 'x' } }),
    );
    expect(fileUrl.status).toBe(400);
    expect(await fileUrl.json()).toEqual({
      code: 'invalid_notification_url',
      error: 'The notification URL is not an http(s) URL',
    });

    expect(await storedTokens()).toEqual(before);
  });

  it('only registers app keys for local accounts, in the right shape', async () => {
    const register = (body: unknown) =>
      server.app.request('/local-network/app-keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await register({ fid: 999_999, appFid: CLIENT_FID, publicKey: appKey(1).publicKey })).status).toBe(404);
    expect((await register({ fid: 1001, appFid: CLIENT_FID, publicKey: '0x1234' })).status).toBe(400);
  });
});

/**
 * Production's rules for the notification URL a client event carries (outgoing/destination-rules.ts),
 * with app keys checked on a hub: a local HTTP server answering `/v1/onChainSignersByFid` as a
 * Farcaster hub does.
 */
describe('POST /webhook in production mode', () => {
  let server: TestServer;
  let hub: Awaited<ReturnType<typeof startFakeHttp>>;
  const alice = appKey(1001);

  beforeAll(async () => {
    const metadata = encodeAbiParameters(signedKeyRequestAbi, [
      { requestFid: BigInt(CLIENT_FID), requestSigner: `0x${'3'.repeat(40)}`, signature: '0x', deadline: 0n },
    ]);
    hub = await startFakeHttp((request, response) => {
      const url = new URL(request.url, 'http://hub');
      if (url.pathname !== '/v1/onChainSignersByFid') return sendJson(response, 404, { error: 'not found' });
      const events =
        url.searchParams.get('fid') === '1001'
          ? [
              {
                signerEventBody: {
                  key: alice.publicKey,
                  metadata: Buffer.from(hexToBytes(metadata)).toString('base64'),
                },
              },
            ]
          : [];
      sendJson(response, 200, { events });
    });
    server = await startTestServer(PRODUCTION_TEST_ENV, { verifyAppKey: hubAppKeyVerifier('neynar-key', hub.url) });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await hub?.close();
  });

  const post = (body: unknown) =>
    server.app.request('/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const added = (url: string, token: string) =>
    alice.sign({ event: 'miniapp_added', notificationDetails: { url, token } });

  it('refuses a notification URL that is not https, names a private address or loopback, storing nothing', async () => {
    const cases: [string, string][] = [
      ['http://api.farcaster.xyz/v1/frame-notifications', 'not an https URL'],
      ['https://127.0.0.1/v1/frame-notifications', 'a private, loopback or reserved address'],
      ['https://[::ffff:169.254.169.254]/latest/meta-data', 'a private, loopback or reserved address'],
      ['https://10.0.0.7/notify', 'a private, loopback or reserved address'],
      ['https://localhost/notify', 'a loopback host'],
    ];
    for (const [url, problem] of cases) {
      const response = await post(added(url, `refused-${problem}`));
      expect({ url, status: response.status, ...errorBodySchema.parse(await response.json()) }).toEqual({
        url,
        status: 400,
        code: 'invalid_notification_url',
        error: `The notification URL is ${problem}`,
      });
    }
    expect(await server.db.selectFrom('notification_tokens').selectAll().execute()).toEqual([]);
    // A client's real https URL is taken: the key was checked on the hub.
    const accepted = await post(added('https://api.farcaster.xyz/v1/frame-notifications', 'kept'));
    expect(accepted.status).toBe(200);
    expect(await server.db.selectFrom('notification_tokens').select(['fid', 'app_fid', 'token']).execute()).toEqual([
      { fid: 1001, app_fid: CLIENT_FID, token: 'kept' },
    ]);
  });
});
