import { describe, expect, it } from 'vitest';
import { type LifeNotice, lifeNoticeMessage } from './life-watch.ts';
import { notificationRequestSchema } from './sender.ts';

const NOW = 1_800_000_000;
const notice = (overrides: Partial<LifeNotice> = {}): LifeNotice => ({
  kind: 'battery-warning',
  agentId: '3f1c2a9e-7b4d-4e0a-9c6b-2d8e5f1a7b3c',
  ownerFid: 1001,
  twinUsername: 'lowcaps-dev-twin',
  expiresAt: NOW + 23 * 60 * 60,
  ...overrides,
});
const valid = (message: ReturnType<typeof lifeNoticeMessage>) =>
  notificationRequestSchema(true).safeParse({ ...message, tokens: ['token'] }).success;

describe('life notices', () => {
  it('name the twin, the time left and the price, within the limits, under an id per twin and expiry', () => {
    const warning = lifeNoticeMessage(notice(), NOW, 'https://fartwin.example.com');
    expect(warning).toEqual({
      notificationId: `battery-warning:${notice().agentId}:${NOW + 23 * 60 * 60}`,
      title: "Your twin's battery is low",
      body: '@lowcaps-dev-twin has about 23 hours of battery left. 1 USDC buys it 7 more days.',
      targetUrl: 'https://fartwin.example.com',
    });
    expect(valid(warning)).toBe(true);
    const dead = lifeNoticeMessage(notice({ kind: 'dead', expiresAt: NOW - 60 }), NOW, 'https://fartwin.example.com');
    expect(dead).toEqual({
      notificationId: `dead:${notice().agentId}:${NOW - 60}`,
      title: 'Your twin is dead',
      body: '@lowcaps-dev-twin ran out of battery. Anyone can bring it back: 1 USDC buys 7 more days of life.',
      targetUrl: 'https://fartwin.example.com',
    });
    expect(valid(dead)).toBe(true);
  });

  it('say "about 1 hour" in the last hour', () => {
    expect(lifeNoticeMessage(notice({ expiresAt: NOW + 20 * 60 }), NOW, 'https://x.example').body).toMatch(
      /has about 1 hour of battery left/,
    );
  });

  it('fall back to "Your twin" when the username would break the body limit', () => {
    for (const kind of ['battery-warning', 'dead'] as const) {
      const message = lifeNoticeMessage(notice({ kind, twinUsername: 'x'.repeat(100) }), NOW, 'https://x.example');
      expect(message.body).toMatch(/^Your twin /);
      expect(valid(message)).toBe(true);
    }
  });
});
