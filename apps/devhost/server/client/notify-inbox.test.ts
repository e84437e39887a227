import { notificationAnswerSchema } from '@fartwin/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientPaths, inboxSchema, installationSchema } from '../../src/api/client-api.ts';
import { createDevhostServer } from '../app.ts';
import { loadDevhostServerConfig } from '../config.ts';
import { type DevhostClient, devhostFor } from './test/devhost-client.ts';
import { type FakeBotService, listen, startFakeBotService } from './test/fake-bot-service.ts';

const START = Date.parse('2030-01-01T00:00:00.000Z');
const SECOND = 1_000;
const HOUR = 3_600 * SECOND;

/**
 * What the bot service's sender posts (local mode: an http targetUrl), on the mini-app's domain: the
 * tests' mini-app is the fake bot service, on 127.0.0.1.
 */
const notification = (tokens: string[], notificationId = 'battery-warning:a1:1') => ({
  notificationId,
  title: "Your twin's battery is low",
  body: '@alice has about a day left',
  targetUrl: 'http://127.0.0.1:3001/?agent=a1',
  tokens,
});

describe('client backend: the notification endpoint and the inbox', () => {
  let fake: FakeBotService;
  let clock: number;
  let devhost: DevhostClient;
  /** Each user's current token (both added with notifications). */
  const tokens = { alice: '', bob: '' };

  const addWithNotifications = async (fid: number) => {
    const added = await devhost.call('POST', clientPaths.add(fid), { notifications: true });
    return installationSchema.parse(added.body).notificationDetails!.token;
  };
  /** Sends as the bot service does; answers the client's per-token result. */
  const notify = async (body: unknown) =>
    notificationAnswerSchema.parse((await devhost.call('POST', clientPaths.notify, body)).body).result;
  const inbox = async (fid: number) => inboxSchema.parse((await devhost.call('GET', clientPaths.inbox(fid))).body);

  beforeEach(async () => {
    fake = await startFakeBotService();
    clock = START;
    devhost = devhostFor(fake, {}, { now: () => clock });
    tokens.alice = await addWithNotifications(1001);
    tokens.bob = await addWithNotifications(1002);
  });
  afterEach(() => fake.close());

  it('delivers to the URL it handed out, over HTTP, into each user’s inbox, newest first', async () => {
    // A dev host really listening, so the bot service's request goes to notificationDetails.url itself.
    let app: ReturnType<typeof createDevhostServer> | undefined;
    const running = await listen((request) => app!.fetch(request));
    try {
      const config = loadDevhostServerConfig({
        MINIAPP_URL: fake.url,
        API_URL: fake.url,
        DEVHOST_PUBLIC_URL: running.url,
      });
      app = createDevhostServer(config, { now: () => clock });
      const added = await app.request(clientPaths.add(1001), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ notifications: true }),
      });
      const details = installationSchema.parse(await added.json()).notificationDetails!;
      expect(details.url).toBe(`${running.url}/client/notify`);

      const send = async (notificationId: string) => {
        const response = await fetch(details.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(notification([details.token], notificationId)),
        });
        return notificationAnswerSchema.parse(await response.json()).result;
      };
      expect(await send('first')).toEqual({
        successfulTokens: [details.token],
        invalidTokens: [],
        rateLimitedTokens: [],
        failedTokens: [],
      });
      clock += 30 * SECOND;
      await send('second');

      const received = await fetch(`${running.url}${clientPaths.inbox(1001)}`).then((r) => r.json());
      const shown = (notificationId: string, at: number) => {
        const { tokens: _, ...message } = notification([], notificationId);
        return { ...message, receivedAt: new Date(at).toISOString(), deliveries: 1 };
      };
      expect(inboxSchema.parse(received).notifications).toEqual([
        shown('second', START + 30 * SECOND),
        shown('first', START),
      ]);
    } finally {
      await running.close();
    }
  });

  it('answers per token: one request reaches several users; unknown, replaced, turned-off and removed tokens are invalid', async () => {
    const old = tokens.alice;
    const enabled = await devhost.call('POST', clientPaths.notifications(1001), { enabled: true });
    const current = installationSchema.parse(enabled.body).notificationDetails!.token;
    expect(await notify(notification([old, current, tokens.bob, 'never-issued']))).toEqual({
      successfulTokens: [current, tokens.bob],
      invalidTokens: [old, 'never-issued'],
      rateLimitedTokens: [],
      failedTokens: [
        { token: old, reason: 'invalid_token' },
        { token: 'never-issued', reason: 'invalid_token' },
      ],
    });
    expect((await inbox(1001)).notifications).toHaveLength(1);
    expect((await inbox(1002)).notifications).toHaveLength(1);

    await devhost.call('POST', clientPaths.notifications(1001), { enabled: false });
    await devhost.call('DELETE', clientPaths.installation(1002));
    clock += HOUR;
    expect(await notify(notification([current, tokens.bob], 'later'))).toEqual({
      successfulTokens: [],
      invalidTokens: [current, tokens.bob],
      rateLimitedTokens: [],
      failedTokens: [
        { token: current, reason: 'invalid_token' },
        { token: tokens.bob, reason: 'invalid_token' },
      ],
    });
    expect((await inbox(1001)).notifications.map((entry) => entry.notificationId)).toEqual(['battery-warning:a1:1']);
  });

  it('takes one notification per token every 30 seconds', async () => {
    expect((await notify(notification([tokens.alice], 'one'))).successfulTokens).toEqual([tokens.alice]);
    clock += 29 * SECOND;
    // Bob's token was not used: only Alice's is limited.
    expect(await notify(notification([tokens.alice, tokens.bob], 'two'))).toEqual({
      successfulTokens: [tokens.bob],
      invalidTokens: [],
      rateLimitedTokens: [tokens.alice],
      failedTokens: [],
    });
    expect((await inbox(1001)).notifications.map((entry) => entry.notificationId)).toEqual(['one']);
    clock += 1 * SECOND;
    expect((await notify(notification([tokens.alice], 'two'))).successfulTokens).toEqual([tokens.alice]);
    expect((await inbox(1001)).notifications.map((entry) => entry.notificationId)).toEqual(['two', 'one']);
  });

  it('shows a notificationId once per user for 24 h: repeats succeed, are counted, and use up no rate limit', async () => {
    await notify(notification([tokens.alice], 'warning'));
    clock += 5 * SECOND;
    // A repeat within 30 s is not limited: nothing new is shown.
    expect((await notify(notification([tokens.alice], 'warning'))).successfulTokens).toEqual([tokens.alice]);
    clock += 5 * SECOND;
    expect((await notify(notification([tokens.alice], 'warning'))).successfulTokens).toEqual([tokens.alice]);
    expect((await inbox(1001)).notifications).toMatchObject([{ notificationId: 'warning', deliveries: 3 }]);
    // The repeats did not restart the 30 s: 30 s after the first delivery, a new one goes through.
    clock = START + 30 * SECOND;
    expect((await notify(notification([tokens.alice], 'dead'))).successfulTokens).toEqual([tokens.alice]);

    // Another user's copy is their own; after 24 h the same id shows again.
    await notify(notification([tokens.bob], 'warning'));
    expect((await inbox(1002)).notifications).toMatchObject([{ notificationId: 'warning', deliveries: 1 }]);
    clock = START + 24 * HOUR;
    await notify(notification([tokens.alice], 'warning'));
    expect((await inbox(1001)).notifications).toMatchObject([
      { notificationId: 'warning', deliveries: 1 },
      { notificationId: 'dead', deliveries: 1 },
      { notificationId: 'warning', deliveries: 3 },
    ]);
  });

  it('fails every token with target_url_mismatch when the targetUrl is off the mini-app’s domain, showing nothing', async () => {
    const elsewhere = {
      ...notification([tokens.alice, tokens.bob, 'never-issued']),
      targetUrl: 'http://elsewhere.test/',
    };
    expect(await notify(elsewhere)).toEqual({
      successfulTokens: [],
      invalidTokens: ['never-issued'],
      rateLimitedTokens: [],
      failedTokens: [
        { token: tokens.alice, fid: 1001, reason: 'target_url_mismatch' },
        { token: tokens.bob, fid: 1002, reason: 'target_url_mismatch' },
        { token: 'never-issued', reason: 'invalid_token' },
      ],
    });
    expect(await inbox(1001)).toEqual({ notifications: [] });
    // Nothing was shown, so nothing counts against the rate limit: the right URL goes through at once.
    expect((await notify(notification([tokens.alice]))).successfulTokens).toEqual([tokens.alice]);
  });

  it('keeps the newest 100 notifications of each user', async () => {
    for (let index = 1; index <= 105; index++) {
      expect((await notify(notification([tokens.alice], `n${index}`))).successfulTokens).toHaveLength(1);
      clock += 30 * SECOND;
    }
    const kept = (await inbox(1001)).notifications;
    expect(kept).toHaveLength(100);
    expect(kept[0]?.notificationId).toBe('n105');
    expect(kept.at(-1)?.notificationId).toBe('n6');
  });

  it('refuses requests that break the schema with 400 {error, code}, delivering nothing', async () => {
    expect(await devhost.call('POST', clientPaths.notify, '{"notificationId":')).toEqual({
      status: 400,
      body: { code: 'invalid_json', error: 'The request body must be JSON' },
    });
    for (const bad of [
      { ...notification([tokens.alice]), title: 'x'.repeat(33) },
      { ...notification([tokens.alice]), targetUrl: 'not a url' },
      { ...notification([]), tokens: Array.from({ length: 101 }, (_, index) => `t${index}`) },
      { title: 'no id', body: '', targetUrl: 'http://localhost:3001/', tokens: [tokens.alice] },
    ]) {
      expect(await devhost.call('POST', clientPaths.notify, bad)).toMatchObject({
        status: 400,
        body: { code: 'invalid_request' },
      });
    }
    expect(await inbox(1001)).toEqual({ notifications: [] });
    expect(await inbox(4242)).toEqual({ notifications: [] });
  });
});
