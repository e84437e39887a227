import { describe, expect, it } from 'vitest';
import { makeAgent } from '../../test/fake-server.ts';
import { toActiveTwin } from './active-twin.ts';

describe('toActiveTwin', () => {
  it('derives the expiry and the life left in ms', () => {
    const twin = toActiveTwin(makeAgent({}, 1_000), 400_000);
    expect(twin.expiryTimestamp).toBe(1_000_000);
    expect(twin.lifeSpan).toBe(600_000);
  });

  it('keeps an expiry the server does not know as unknown, never as 0 or dead', () => {
    const twin = toActiveTwin(makeAgent({}, null), 400_000);
    expect(twin.expiryTimestamp).toBeNull();
    expect(twin.lifeSpan).toBeNull();
  });
});
