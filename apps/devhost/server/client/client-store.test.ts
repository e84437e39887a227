import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientPaths, inboxSchema, installationSchema } from '../../src/api/client-api.ts';
import { devhostFor } from './test/devhost-client.ts';
import { type FakeBotService, startFakeBotService } from './test/fake-bot-service.ts';

const notification = (token: string, notificationId: string) => ({
  notificationId,
  title: 'Hello',
  body: 'From the mini-app',
  // On the mini-app's domain: the tests' mini-app is the fake bot service, on 127.0.0.1.
  targetUrl: 'http://127.0.0.1:3001/',
  tokens: [token],
});

describe('client backend state (DEVHOST_STATE_FILE)', () => {
  let fake: FakeBotService;
  let dir: string;
  let stateFile: string;
  const clock = Date.parse('2030-01-01T00:00:00.000Z');
  const restart = () => devhostFor(fake, { DEVHOST_STATE_FILE: stateFile }, { now: () => clock });

  beforeEach(async () => {
    fake = await startFakeBotService();
    dir = mkdtempSync(join(tmpdir(), 'devhost-state-'));
    stateFile = join(dir, 'nested', 'devhost-state.json');
  });
  afterEach(async () => {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps installations, app keys, inboxes and the rate limit across a restart', async () => {
    const first = restart();
    const added = installationSchema.parse(
      (await first.call('POST', clientPaths.add(1001), { notifications: true })).body,
    );
    const token = added.notificationDetails!.token;
    await first.call('POST', clientPaths.notify, notification(token, 'before-restart'));

    const second = restart();
    expect((await second.call('GET', clientPaths.installation(1001))).body).toEqual(added);
    expect(inboxSchema.parse((await second.call('GET', clientPaths.inbox(1001))).body).notifications).toMatchObject([
      { notificationId: 'before-restart', deliveries: 1 },
    ]);
    // The same token still works, still limited to one per 30 s, and the notificationId still dedupes.
    expect((await second.call('POST', clientPaths.notify, notification(token, 'too-soon'))).body).toMatchObject({
      result: { rateLimitedTokens: [token] },
    });
    await second.call('POST', clientPaths.notify, notification(token, 'before-restart'));
    expect((await second.call('GET', clientPaths.inbox(1001))).body).toMatchObject({
      notifications: [{ notificationId: 'before-restart', deliveries: 2 }],
    });
    // The app key made at the first start signs the next event: no second key registered.
    await second.call('DELETE', clientPaths.installation(1001));
    expect(fake.events.map(({ event }) => event.event)).toEqual(['miniapp_added', 'miniapp_removed']);
    expect(fake.appKeys.size).toBe(1);
    // Written whole (temp file then rename): nothing left beside it.
    expect(readdirSync(join(dir, 'nested'))).toEqual(['devhost-state.json']);
  });

  it('keeps state in memory only without a state file', async () => {
    await devhostFor(fake).call('POST', clientPaths.add(1001), { notifications: true });
    expect((await devhostFor(fake).call('GET', clientPaths.installation(1001))).body).toMatchObject({ added: false });
  });

  it.each([
    ['not JSON', '{"appKeys": {'],
    ['JSON of another shape', JSON.stringify({ appKeys: { 1001: 'not a key' }, installations: [] })],
  ])(
    'starts empty, with a warning, from a state file that is %s, and replaces it on the next change',
    async (_, content) => {
      mkdirSync(join(dir, 'nested'));
      writeFileSync(stateFile, content);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

      const devhost = restart();
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining(`ignoring the unreadable client state in ${stateFile}`),
      );
      expect((await devhost.call('GET', clientPaths.installation(1001))).body).toMatchObject({ added: false });

      await devhost.call('POST', clientPaths.add(1001), { notifications: false });
      expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toMatchObject({ installations: { 1001: {} } });
      expect((await restart().call('GET', clientPaths.installation(1001))).body).toMatchObject({ added: true });
    },
  );
});
