import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { withinBudget } from '../limits/time-budget.ts';
import type { LifeReader } from './life.ts';
import { type LifeIndexState, lifeIndexStateOf, lifeIndexStateRows } from './life-index-state.ts';

export type LifeState = 'alive' | 'dead' | 'unknown';

/** A twin's life as the server knows it without the chain: the expiry (null when unknown) and what it means now. */
export interface Life {
  expiresAt: number | null;
  state: LifeState;
}

/**
 * What an indexed expiry says at the index's time. An expiry only ever grows, so one still ahead is
 * alive whatever the index's age. One behind is a death only while the index is fresh: a stale index
 * may be missing the revival. A twin without a row (not indexed yet) is unknown.
 */
export function readIndexedLife(
  expiresAt: number | undefined,
  index: LifeIndexState,
  staleAfterSeconds: number,
  wallClockSeconds = Math.floor(Date.now() / 1000),
): Life {
  if (expiresAt === undefined) return { expiresAt: null, state: 'unknown' };
  if (expiresAt > index.nowSeconds) return { expiresAt, state: 'alive' };
  const fresh = index.syncedAtSeconds !== null && wallClockSeconds - index.syncedAtSeconds <= staleAfterSeconds;
  return fresh ? { expiresAt, state: 'dead' } : { expiresAt: null, state: 'unknown' };
}

/** A row lifeRows reads: an index-state cursor (`cursor`), or a twin's expiry (name: its agentId). */
export interface LifeRow {
  name: string;
  block: number;
  cursor: boolean;
}

/**
 * The rows the lives of `agentIds` are read from, the index state's and their expiries, as one query:
 * `of` runs it, and the chat reads it in one round with the conversation (chat/chat-service.ts).
 */
export function lifeRows(db: Db, agentIds: readonly string[]) {
  return lifeIndexStateRows(db)
    .select(sql<boolean>`true`.as('cursor'))
    .unionAll(
      db
        .selectFrom('agent_lives')
        .select(['agent_id as name', 'expires_at as block', sql<boolean>`false`.as('cursor')])
        .where(sql<boolean>`agent_id = any(${[...agentIds]}::text[])`),
    );
}

/** Twins' lives for request paths and jobs: from agent_lives (the LifeExtended index), not from an RPC per request. */
export interface Lives {
  /** Each twin's life from the index alone. */
  of(agentIds: readonly string[]): Promise<Map<string, Life>>;
  /**
   * Whether a twin may speak now. The index answers "alive" at once; otherwise the contract is asked
   * within a short budget, since a revival may be newer than the index's last tick. If the chain does
   * not answer, an unknown life counts as alive (never treat unknown as dead) and an indexed death stands.
   */
  isAlive(agentId: string): Promise<boolean>;
  /** isAlive, from the rows of lifeRows(db, [agentId]) already read. */
  isAliveFrom(agentId: string, rows: readonly LifeRow[]): Promise<boolean>;
}

export interface LivesDeps {
  db: Db;
  /** The contract, for confirming a death. */
  chain: LifeReader;
  /** An index older than this (its last catch-up with the chain) can no longer prove a death. */
  staleAfterSeconds: number;
  /** How long isAlive waits for the contract. */
  chainBudgetMs: number;
}

export function indexedLives(deps: LivesDeps): Lives {
  const { db } = deps;
  const livesFrom = (agentIds: readonly string[], rows: readonly LifeRow[]) => {
    const index = lifeIndexStateOf(rows.filter((row) => row.cursor));
    const expiries = new Map(rows.flatMap((row) => (row.cursor ? [] : [[row.name, row.block] as const])));
    return new Map(
      agentIds.map((agentId) => [agentId, readIndexedLife(expiries.get(agentId), index, deps.staleAfterSeconds)]),
    );
  };
  const isAliveFrom = async (agentId: string, rows: readonly LifeRow[]) => {
    const life = livesFrom([agentId], rows).get(agentId)!;
    if (life.state === 'alive') return true;
    try {
      return await withinBudget(deps.chain.isAlive(agentId), deps.chainBudgetMs, 'life read');
    } catch {
      return life.state === 'unknown';
    }
  };
  return {
    async of(agentIds) {
      if (agentIds.length === 0) return new Map<string, Life>();
      return livesFrom(agentIds, await lifeRows(db, agentIds).execute());
    },
    isAlive: async (agentId) => isAliveFrom(agentId, await lifeRows(db, [agentId]).execute()),
    isAliveFrom,
  };
}
