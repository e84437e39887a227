import { describe, expect, it } from 'vitest';
import { readIndexedLife } from './lives.ts';

const WALL = 1_800_000_000;
const STALE_AFTER = 15;
const index = (syncedAgo: number | null, clockAhead = 0) => ({
  nowSeconds: WALL + clockAhead,
  syncedAtSeconds: syncedAgo === null ? null : WALL - syncedAgo,
});

describe('readIndexedLife', () => {
  it('an expiry still ahead is alive, however old the index (an expiry only grows)', () => {
    expect(readIndexedLife(WALL + 60, index(10), STALE_AFTER, WALL)).toEqual({ expiresAt: WALL + 60, state: 'alive' });
    expect(readIndexedLife(WALL + 60, index(10_000), STALE_AFTER, WALL)).toEqual({
      expiresAt: WALL + 60,
      state: 'alive',
    });
    expect(readIndexedLife(WALL + 60, index(null), STALE_AFTER, WALL).state).toBe('alive');
  });

  it('an expiry behind is a death only while the index is fresh', () => {
    expect(readIndexedLife(WALL - 60, index(STALE_AFTER), STALE_AFTER, WALL)).toEqual({
      expiresAt: WALL - 60,
      state: 'dead',
    });
    expect(readIndexedLife(0, index(1), STALE_AFTER, WALL)).toEqual({ expiresAt: 0, state: 'dead' });
    expect(readIndexedLife(WALL - 60, index(STALE_AFTER + 1), STALE_AFTER, WALL)).toEqual({
      expiresAt: null,
      state: 'unknown',
    });
    expect(readIndexedLife(WALL - 60, index(null), STALE_AFTER, WALL).state).toBe('unknown');
  });

  it('judges against the recorded clock, which runs ahead of wall-clock on a local chain moved forward', () => {
    expect(readIndexedLife(WALL + 60, index(1, 3_600), STALE_AFTER, WALL).state).toBe('dead');
  });

  it('a twin without an indexed row is unknown', () => {
    expect(readIndexedLife(undefined, index(1), STALE_AFTER, WALL)).toEqual({ expiresAt: null, state: 'unknown' });
  });
});
