import { LOCAL_BASE_NOTIFICATIONS_API_KEY } from '@fartwin/localstack/base-notifications';
import { describe, expect, it } from 'vitest';
import { BASE_API_MOUNT, baseClientPaths } from '../../src/api/client-api.ts';
import { baseNotificationRoutes } from './base-notifications.ts';

const APP_URL = 'http://localhost:3001';
const OWNER = '0x2222222222222222222222222222222222222222';
const SEND = `${BASE_API_MOUNT}/api/v1/notifications/send`;
const USERS = `${BASE_API_MOUNT}/api/v1/notifications/app/users?app_url=${encodeURIComponent(APP_URL)}&notification_enabled=true`;

function devhost() {
  const app = baseNotificationRoutes({ miniappUrl: `${APP_URL}/` });
  const call = async (method: string, path: string, body?: unknown, apiKey = LOCAL_BASE_NOTIFICATIONS_API_KEY) => {
    const response = await app.request(path, {
      method,
      headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { call };
}

const notice = { app_url: APP_URL, wallet_addresses: [OWNER], title: 'Your twin is dead', message: 'It ran out.' };

describe("the dev host's Base App: a stand-in of Base's Notifications API and a wallet's inbox", () => {
  it('pushes to a wallet that saved the app with notifications on, once per identical notification', async () => {
    const { call } = devhost();
    expect((await call('POST', SEND, notice)).body).toMatchObject({
      success: false,
      results: [{ walletAddress: OWNER, sent: false, failureReason: 'user has not saved this app' }],
    });
    expect(await call('POST', baseClientPaths.user(OWNER), { saved: true, notificationsEnabled: true })).toEqual({
      status: 200,
      body: { saved: true, notificationsEnabled: true },
    });
    expect((await call('GET', USERS)).body).toEqual({
      success: true,
      users: [{ address: OWNER, notificationsEnabled: true }],
    });
    const sent = await call('POST', SEND, { ...notice, target_path: '/?notice=dead' });
    expect(sent.body).toEqual({
      success: true,
      results: [{ walletAddress: OWNER, sent: true }],
      sentCount: 1,
      failedCount: 0,
    });
    await call('POST', SEND, { ...notice, target_path: '/?notice=dead' });
    const inbox = await call('GET', baseClientPaths.inbox(OWNER));
    expect(inbox.body.notifications).toEqual([
      {
        title: 'Your twin is dead',
        message: 'It ran out.',
        targetPath: '/?notice=dead',
        receivedAt: expect.any(String),
      },
    ]);
  });

  it('refuses what Base refuses: another key, another app, too long a title, more than 1,000 wallets', async () => {
    const { call } = devhost();
    expect((await call('POST', SEND, notice, 'wrong')).status).toBe(401);
    expect((await call('POST', SEND, { ...notice, app_url: 'https://elsewhere.example' })).status).toBe(403);
    const long = await call('POST', SEND, { ...notice, title: 'x'.repeat(31) });
    expect(long).toMatchObject({ status: 400, body: { message: 'title is missing or exceeds 30 characters.' } });
    const many = Array.from({ length: 1_001 }, (_, index) => `0x${index.toString(16).padStart(40, '0')}`);
    expect((await call('POST', SEND, { ...notice, wallet_addresses: many })).status).toBe(400);
    expect((await call('POST', SEND, { ...notice, target_path: 'no-slash' })).status).toBe(400);
    expect((await call('GET', baseClientPaths.inbox('not-an-address'))).status).toBe(400);
  });

  it('answers 429 past 20 requests a minute, on both endpoints together', async () => {
    const { call } = devhost();
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++) {
      const answer = index % 2 ? await call('GET', USERS) : await call('POST', SEND, notice);
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
