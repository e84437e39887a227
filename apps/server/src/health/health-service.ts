import type { HealthReady, HealthResponse } from '@fartwin/protocol';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { PublicClient } from 'viem';
import type { ContractAddresses } from '../platform/chain/contracts.ts';
import { readLifeIndexState } from '../platform/chain/life-index-state.ts';
import { operatorBalance } from '../platform/chain/operator-checks.ts';
import type { Db } from '../platform/db/database.ts';
import { TimeBudgetExceeded, withinBudget } from '../platform/limits/time-budget.ts';
import { rejectedInputCounts } from '../platform/logging/rejected-inputs.ts';
import { reusedFor } from './reused-for.ts';

/** Each probe answers within this, so an orchestrator's check never hangs on a stalled dependency. */
const PROBE_BUDGET_MS = 2_000;
/** A low balance is logged at most this often, however often /health is polled. */
const LOW_BALANCE_LOG_MS = 10 * 60_000;

type Component = { ok: boolean; detail: string };
type LifeIndexHealth = HealthReady['lifeIndex'];

/** A probe's outcome in words an operator can use, never a dependency's internal error text. */
async function check(what: string, probe: () => Promise<string>): Promise<Component> {
  try {
    return { ok: true, detail: await withinBudget(probe(), PROBE_BUDGET_MS, what) };
  } catch (error) {
    return {
      ok: false,
      detail: error instanceof TimeBudgetExceeded ? `no answer within ${PROBE_BUDGET_MS} ms` : 'unreachable',
    };
  }
}

export interface HealthDeps {
  db: Db;
  chain: PublicClient;
  logger: Logger;
  operator: `0x${string}`;
  contracts: () => ContractAddresses | null;
  /** The life index counts as lagging after this many seconds without catching up. */
  lifeIndexStaleSeconds: number;
  /** How long the chain check and the details are reused on this replica (HEALTH_CACHE_MS). */
  cacheMs: number;
}

export interface HealthService {
  /** Whether this replica should get traffic: its database and its chain RPC. The index lag is only reported. */
  ready(): Promise<HealthReady>;
  /** The cheap status anyone may see: database and chain, no balances. */
  status(): Promise<HealthResponse>;
  /** Everything, for the operator: balances, the index, the inputs skipped. Reused for cacheMs. */
  details(): Promise<HealthResponse>;
}

/**
 * The health checks. The chain is asked at most once per cacheMs however often the probes come, and
 * the details' RPC calls (balances) once per cacheMs however often /health is asked.
 */
export function healthService(deps: HealthDeps): HealthService {
  const { db, chain, logger } = deps;
  const database = () =>
    check('database', async () => {
      await sql`select 1`.execute(db);
      return 'up';
    });
  const chainCheck = reusedFor(deps.cacheMs, () =>
    check('chain', async () => {
      const [chainId, block] = await Promise.all([chain.getChainId(), chain.getBlockNumber()]);
      return `up: chain ${chainId}, block ${block}`;
    }),
  );

  // Every replica shares the index, so a lag is everyone's: an alert (once per change), never "not ready".
  let lagging: boolean | null = null;
  const lifeIndex = async (): Promise<LifeIndexHealth> => {
    const index = await withinBudget(readLifeIndexState(db), PROBE_BUDGET_MS, 'life index').catch(() => null);
    const lagSeconds =
      index?.syncedAtSeconds == null ? null : Math.max(0, Math.floor(Date.now() / 1000) - index.syncedAtSeconds);
    const ok = lagSeconds !== null && lagSeconds <= deps.lifeIndexStaleSeconds;
    const detail =
      lagSeconds === null
        ? 'not caught up with the chain yet'
        : `caught up ${lagSeconds} s ago (stale after ${deps.lifeIndexStaleSeconds} s)`;
    if (index && lagging !== !ok) {
      if (!ok) logger.warn({ lagSeconds, staleAfterSeconds: deps.lifeIndexStaleSeconds }, 'life index is lagging');
      else if (lagging) logger.warn({ lagSeconds }, 'life index caught up again');
      lagging = !ok;
    }
    return { ok, detail, lagSeconds };
  };

  let lowBalanceLoggedAt = 0;
  const operatorCheck = async (): Promise<Component | undefined> => {
    const contracts = deps.contracts();
    if (!contracts) return undefined;
    try {
      const balance = await withinBudget(operatorBalance(chain, deps.operator, contracts), PROBE_BUDGET_MS, 'operator');
      if (balance.low && Date.now() - lowBalanceLoggedAt > LOW_BALANCE_LOG_MS) {
        lowBalanceLoggedAt = Date.now();
        logger.warn({ operator: deps.operator, balance: balance.detail }, 'operator balance is low');
      }
      return { ok: !balance.low, detail: balance.detail };
    } catch {
      return { ok: false, detail: 'balance unknown: the chain did not answer' };
    }
  };

  const status = async (): Promise<HealthResponse> => {
    const [databaseHealth, chainHealth] = await Promise.all([database(), chainCheck()]);
    return {
      status: databaseHealth.ok && chainHealth.ok ? 'ok' : 'degraded',
      database: databaseHealth,
      chain: chainHealth,
    };
  };

  const details = reusedFor(deps.cacheMs, async (): Promise<HealthResponse> => {
    const [cheap, operator, index, rejectedInputs] = await Promise.all([
      status(),
      operatorCheck(),
      lifeIndex(),
      rejectedInputCounts(db).catch(() => undefined),
    ]);
    return {
      ...cheap,
      ...(operator ? { operator } : {}),
      lifeIndex: index,
      ...(rejectedInputs ? { rejectedInputs } : {}),
    };
  });

  return {
    async ready() {
      const [databaseHealth, chainHealth, index] = await Promise.all([database(), chainCheck(), lifeIndex()]);
      return {
        status: databaseHealth.ok && chainHealth.ok ? 'ready' : 'not_ready',
        database: databaseHealth,
        chain: chainHealth,
        lifeIndex: index,
      };
    },
    status,
    details,
  };
}
