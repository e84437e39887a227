import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientPaths, FARCASTER_CLIENT_FID, installationSchema } from '../../src/api/client-api.ts';
import { DEVHOST_URL, devhostFor } from './test/devhost-client.ts';
import { deadUrl, type FakeBotService, startFakeBotService } from './test/fake-bot-service.ts';

const NOTIFY_URL = `${DEVHOST_URL}/client/notify`;
const notAdded = (fid: number) => ({ fid, added: false, notificationDetails: null });

describe('client backend: adding the mini-app, its notifications, removing it', () => {
  let fake: FakeBotService;
  beforeEach(async () => {
    fake = await startFakeBotService();
  });
  afterEach(() => fake.close());

  it('adds with notifications: registers the app key, sends a verified miniapp_added with a token, remembers it', async () => {
    const { call } = devhostFor(fake);
    expect(await call('GET', clientPaths.installation(1001))).toEqual({ status: 200, body: notAdded(1001) });

    const added = await call('POST', clientPaths.add(1001), { notifications: true });
    expect(added.status).toBe(200);
    const installation = installationSchema.parse(added.body);
    expect(installation).toEqual({
      fid: 1001,
      added: true,
      notificationDetails: { url: NOTIFY_URL, token: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect([...fake.appKeys.values()]).toEqual([{ fid: 1001, appFid: FARCASTER_CLIENT_FID }]);
    expect(fake.events).toEqual([
      {
        fid: 1001,
        appFid: FARCASTER_CLIENT_FID,
        event: { event: 'miniapp_added', notificationDetails: installation.notificationDetails },
      },
    ]);
    expect((await call('GET', clientPaths.installation(1001))).body).toEqual(installation);
    expect((await call('GET', clientPaths.installation(1002))).body).toEqual(notAdded(1002));
  });

  it('adds without notifications; adding again answers the current state and sends nothing', async () => {
    const { call } = devhostFor(fake);
    const added = await call('POST', clientPaths.add(1002), { notifications: false });
    expect(added).toEqual({ status: 200, body: { fid: 1002, added: true, notificationDetails: null } });
    expect(fake.events).toEqual([{ fid: 1002, appFid: FARCASTER_CLIENT_FID, event: { event: 'miniapp_added' } }]);

    expect(await call('POST', clientPaths.add(1002), { notifications: true })).toEqual(added);
    expect(fake.events).toHaveLength(1);
  });

  it('turns notifications on with a fresh token each time, and off; one app key signs all of a user’s events', async () => {
    const { call } = devhostFor(fake);
    await call('POST', clientPaths.add(1001), { notifications: false });

    const on = installationSchema.parse((await call('POST', clientPaths.notifications(1001), { enabled: true })).body);
    expect(on.notificationDetails?.url).toBe(NOTIFY_URL);
    const again = installationSchema.parse(
      (await call('POST', clientPaths.notifications(1001), { enabled: true })).body,
    );
    expect(again.notificationDetails?.token).not.toBe(on.notificationDetails?.token);
    const off = await call('POST', clientPaths.notifications(1001), { enabled: false });
    expect(off).toEqual({ status: 200, body: { fid: 1001, added: true, notificationDetails: null } });

    expect(fake.events.map(({ event }) => event)).toEqual([
      { event: 'miniapp_added' },
      { event: 'notifications_enabled', notificationDetails: on.notificationDetails },
      { event: 'notifications_enabled', notificationDetails: again.notificationDetails },
      { event: 'notifications_disabled' },
    ]);
    expect(fake.appKeys.size).toBe(1);
    expect((await call('GET', clientPaths.installation(1001))).body).toEqual(off.body);
  });

  it('refuses to change notifications before the app is added: 409 not_added, nothing sent', async () => {
    const { call } = devhostFor(fake);
    const refused = await call('POST', clientPaths.notifications(1001), { enabled: true });
    expect(refused).toEqual({
      status: 409,
      body: { code: 'not_added', error: 'fid 1001 has not added the mini-app: add it before turning notifications on' },
    });
    expect(fake.events).toEqual([]);
  });

  it('removes: miniapp_removed, then not added; removing again sends nothing; adding again reuses the app key', async () => {
    const { call } = devhostFor(fake);
    await call('POST', clientPaths.add(1001), { notifications: true });
    expect(await call('DELETE', clientPaths.installation(1001))).toEqual({ status: 200, body: notAdded(1001) });
    expect(await call('DELETE', clientPaths.installation(1001))).toEqual({ status: 200, body: notAdded(1001) });
    expect((await call('GET', clientPaths.installation(1001))).body).toEqual(notAdded(1001));

    await call('POST', clientPaths.add(1001), { notifications: false });
    expect(fake.events.map(({ event }) => event.event)).toEqual(['miniapp_added', 'miniapp_removed', 'miniapp_added']);
    expect(fake.appKeys.size).toBe(1);
  });

  it('passes on the webhook’s refusal as a 502 in its words, and saves nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'devhost-client-'));
    try {
      const stateFile = join(dir, 'state.json');
      const { call } = devhostFor(fake, { DEVHOST_STATE_FILE: stateFile });
      fake.webhookRefusal = { status: 400, error: 'Invalid webhook event: no such app', code: 'invalid_event' };
      expect(await call('POST', clientPaths.add(1001), { notifications: true })).toEqual({
        status: 502,
        body: {
          code: 'webhook_refused',
          error: "The mini-app's server refused the webhook: Invalid webhook event: no such app",
        },
      });
      expect((await call('GET', clientPaths.installation(1001))).body).toEqual(notAdded(1001));
      expect(existsSync(stateFile)).toBe(false);

      // Added, then a refused change: the old token stays.
      fake.webhookRefusal = null;
      const added = await call('POST', clientPaths.add(1001), { notifications: true });
      fake.webhookRefusal = { status: 503, error: 'The app key could not be checked right now', code: 'x' };
      expect((await call('POST', clientPaths.notifications(1001), { enabled: false })).status).toBe(502);
      expect((await call('DELETE', clientPaths.installation(1001))).status).toBe(502);
      expect((await call('GET', clientPaths.installation(1001))).body).toEqual(added.body);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('signs with the key it registered: a key the bot service does not know is refused by the real verification', async () => {
    const { call } = devhostFor(fake);
    fake.dropRegistrations = true;
    const refused = await call('POST', clientPaths.add(1001), { notifications: true });
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ code: 'webhook_refused' });
    expect(fake.events).toEqual([]);
    expect((await call('GET', clientPaths.installation(1001))).body).toEqual(notAdded(1001));
  });

  it('passes on an unknown fid as the bot service’s 404', async () => {
    const { call } = devhostFor(fake);
    expect(await call('POST', clientPaths.add(4242), { notifications: true })).toEqual({
      status: 404,
      body: { code: 'unknown_fid', error: 'No local account with fid 4242' },
    });
    expect(fake.events).toEqual([]);
  });

  it('says which server is down and where: 502, nothing saved', async () => {
    const down = await deadUrl();
    const noBotService = devhostFor(fake, { API_URL: down });
    expect(await noBotService.call('POST', clientPaths.add(1001), { notifications: true })).toEqual({
      status: 502,
      body: {
        code: 'bot_service_unreachable',
        error: `Could not reach the bot service at ${down}/local-network/app-keys: is it running?`,
      },
    });
    const noMiniApp = devhostFor(fake, { MINIAPP_URL: down });
    expect(await noMiniApp.call('POST', clientPaths.add(1001), { notifications: true })).toEqual({
      status: 502,
      body: {
        code: 'miniapp_unreachable',
        error: `Could not reach the mini-app's server at ${down}/.well-known/farcaster.json: is it running?`,
      },
    });
    expect((await noMiniApp.call('GET', clientPaths.installation(1001))).body).toEqual(notAdded(1001));
    expect(fake.events).toEqual([]);
  });

  it('finds the webhook through the manifest: explains a missing webhookUrl, accepts the older frame.webhookUrl', async () => {
    const { call } = devhostFor(fake);
    fake.manifest = { miniapp: { name: 'Fartwin' } };
    const missing = await call('POST', clientPaths.add(1001), { notifications: true });
    expect(missing.status).toBe(502);
    expect(missing.body).toMatchObject({
      code: 'no_webhook_url',
      error: expect.stringContaining(`${fake.url}/.well-known/farcaster.json has no miniapp.webhookUrl`),
    });

    fake.manifest = { frame: { webhookUrl: `${fake.url}/webhook` } };
    expect((await call('POST', clientPaths.add(1001), { notifications: true })).status).toBe(200);
    expect(fake.events).toHaveLength(1);
  });

  it('answers bad input with 400 and a reason', async () => {
    const { call } = devhostFor(fake);
    expect(await call('GET', clientPaths.installation(0))).toEqual({
      status: 400,
      body: { code: 'invalid_fid', error: 'fid must be a positive integer, not "0"' },
    });
    expect((await call('POST', '/client/installations/abc/add', { notifications: true })).body).toMatchObject({
      code: 'invalid_fid',
    });
    expect((await call('GET', '/client/inbox/1.5')).status).toBe(400);
    expect(await call('POST', clientPaths.add(1001), '{not json')).toEqual({
      status: 400,
      body: { code: 'invalid_json', error: 'The request body must be JSON' },
    });
    const wrongShape = await call('POST', clientPaths.notifications(1001), { enabled: 'yes' });
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.body).toMatchObject({ code: 'invalid_request', error: expect.stringContaining('enabled') });
    expect(fake.events).toEqual([]);
  });
});
