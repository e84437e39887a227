import { errorBodySchema } from '@fartwin/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { appKey, CLIENT_FID } from './app-key.ts';
import { startTestServer, type TestServer } from './harness.ts';

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
