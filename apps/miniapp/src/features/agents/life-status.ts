import type { Agent } from '@fartwin/protocol';

export type LifeStatus = 'alive' | 'dead' | 'unknown' | 'inactive';

/**
 * What a directory card's dot says: an active twin is alive or dead by the expiry the server indexed,
 * and unknown when the server does not know it (never dead for that). A twin that is not active is
 * inactive whatever its battery.
 */
export function lifeStatus(agent: Agent, nowMs = Date.now()): LifeStatus {
  if (agent.status !== 'active') return 'inactive';
  const { expirationTime } = agent.life;
  if (expirationTime === null) return 'unknown';
  return expirationTime * 1_000 > nowMs ? 'alive' : 'dead';
}
