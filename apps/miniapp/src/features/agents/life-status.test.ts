import { describe, expect, it } from 'vitest';
import { makeAgent } from '../../test/fake-server.ts';
import { lifeStatus } from './life-status.ts';

describe('a directory card’s life status', () => {
  const now = 1_000_000_000;
  it.each([
    ['alive before its expiry', makeAgent({}, now / 1000 + 1), 'alive'],
    ['dead at its expiry', makeAgent({}, now / 1000), 'dead'],
    ['unknown without an expiry, never dead', makeAgent({}, null), 'unknown'],
    ['inactive when not active', makeAgent({ status: 'paused' }, now / 1000 + 1), 'inactive'],
  ] as const)('%s', (_name, agent, status) => {
    expect(lifeStatus(agent, now)).toBe(status);
  });
});
