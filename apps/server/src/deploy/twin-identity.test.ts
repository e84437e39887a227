import { describe, expect, it } from 'vitest';
import { USERNAME_MAX_LENGTH, usernameCandidate } from '../platform/providers/farcaster-usernames.ts';
import { tokenLaunchInfo, tokenSymbol, twinProfile, twinUsername, welcomeCastText } from './twin-identity.ts';

describe('twin identity', () => {
  it('derives a valid fname from the owner’s username', () => {
    expect(twinUsername('alice')).toBe('alice-twin');
    expect(twinUsername('vitalik.eth')).toBe('vitalik-twin');
    expect(twinUsername('Very_Long.Name-Here')).toBe('verylongnam-twin');
    expect(twinUsername('___')).toBe('fartwin-twin');
    for (const name of ['a', 'exactly-sixteen!', 'x'.repeat(40)]) {
      expect(twinUsername(name)).toMatch(/^[a-z0-9][a-z0-9-]{0,15}$/);
    }
  });

  it('numbers the alternatives within the length limit', () => {
    expect(usernameCandidate('alice-twin', 1)).toBe('alice-twin');
    expect(usernameCandidate('alice-twin', 2)).toBe('alice-twin2');
    const long = 'abcdefghijk-twin';
    expect(usernameCandidate(long, 12)).toBe('abcdefghijk-tw12');
    expect(usernameCandidate(long, 12)).toHaveLength(USERNAME_MAX_LENGTH);
  });

  it('derives the token symbol from the username', () => {
    expect(tokenSymbol('gmbeans')).toBe('GMBEANS');
    expect(tokenSymbol('dr-witness.eth')).toBe('DRWITNESS');
    expect(tokenSymbol('a-very-long-username')).toBe('AVERYLONGU');
    expect(tokenSymbol('---')).toBe('TWIN');
  });

  it('keeps the display name within Farcaster’s 32 characters', () => {
    const profile = twinProfile({ username: 'bob', displayName: 'B'.repeat(40), pfpUrl: null });
    expect(profile.displayName).toHaveLength(32);
    expect(twinProfile({ username: 'bob', displayName: '', pfpUrl: null }).displayName).toBe('bob (twin)');
  });

  it('is openly an AI twin: its profile and first cast say so, and never that it is the person', () => {
    const profile = twinProfile({ username: 'bob', displayName: 'Bob', pfpUrl: null });
    expect(profile.bio).toMatch(/^AI twin of @bob\b/);
    expect(profile.bio).toContain('not the person');
    expect(profile.bio.length).toBeLessThanOrEqual(256);
    const welcome = welcomeCastText({ username: 'bob-twin' }, { username: 'bob' }, 'BOB');
    expect(welcome).toContain("I'm @bob-twin, the AI twin of @bob.");
    expect(welcome).not.toMatch(/I'm @bob(?![\w-])/);
  });

  it("says who launched the twin's token: its avatar, its owner, its profile, and the welcome cast where known", () => {
    const launch = {
      ownerFid: 1001,
      ownerUsername: 'alice',
      twinUsername: 'alice-twin',
      twinPfpUrl: 'https://example.com/alice.png',
      welcomeCastHash: null,
    };
    expect(tokenLaunchInfo(launch)).toEqual({
      image: 'https://example.com/alice.png',
      metadata: {
        description: "@alice's AI twin on Fartwin",
        socialMediaUrls: [{ platform: 'farcaster', url: 'https://farcaster.xyz/alice-twin' }],
      },
      context: { interface: 'Fartwin', platform: 'farcaster', id: '1001' },
    });
    const afterTheCast = tokenLaunchInfo({ ...launch, twinPfpUrl: null, welcomeCastHash: '0xabc' });
    expect(afterTheCast.context).toEqual({
      interface: 'Fartwin',
      platform: 'farcaster',
      messageId: '0xabc',
      id: '1001',
    });
    expect(afterTheCast.image).toBe('');
  });
});
