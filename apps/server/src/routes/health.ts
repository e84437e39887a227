import type { HealthReady, HealthResponse } from '@fartwin/protocol';
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { PublicClient } from 'viem';
import type { ContractAddresses } from '../chain/contracts.ts';
import { readLifeIndexState } from '../chain/life-index-state.ts';
import { operatorBalance } from '../chain/operator-checks.ts';
import type { Db } from '../db/database.ts';
import { TimeBudgetExceeded, withinBudget } from '../limits/time-budget.ts';

/** Each probe answers within this, so an orchestrator's check never hangs on a stalled dependency. */
const PROBE_BUDGET_MS = 2_000;

/** A probe's outcome in words an operator can use, never a dependency's internal error text. */
async function check(what: string, probe: () => Promise<string>): Promise<{ ok: boolean; detail: string }> {
  try {
    return { ok: true, detail: await withinBudget(probe(), PROBE_BUDGET_MS, what) };
  } catch (error) {
    return {
      ok: false,
      detail: error instanceof TimeBudgetExceeded ? `no answer within ${PROBE_BUDGET_MS} ms` : 'unreachable',
    };
  }
}

/**
 * /health (database and chain, 200 or 503), /health/live (the process answers) and /health/ready
 * (database, chain and the life index's lag; 503 while any is failing).
 */
/** A low balance is logged at most this often, however often /health is polled. */
const LOW_BALANCE_LOG_MS = 10 * 60_000;

export function healthRoutes(deps: {
  db: Db;
  chain: PublicClient;
  lifeIndexStaleSeconds: number;
  logger: Logger;
  operator: `0x${string}`;
  contracts: () => ContractAddresses | null;
}) {
  let lowBalanceLoggedAt = 0;
  const operatorCheck = async () => {
    const contracts = deps.contracts();
    if (!contracts) return undefined;
    try {
      const balance = await withinBudget(
        operatorBalance(deps.chain, deps.operator, contracts),
        PROBE_BUDGET_MS,
        'operator',
      );
      if (balance.low && Date.now() - lowBalanceLoggedAt > LOW_BALANCE_LOG_MS) {
        lowBalanceLoggedAt = Date.now();
        deps.logger.warn({ operator: deps.operator, balance: balance.detail }, 'operator balance is low');
      }
      return { ok: !balance.low, detail: balance.detail };
    } catch {
      return { ok: false, detail: 'balance unknown: the chain did not answer' };
    }
  };
  const probes = () =>
    Promise.all([
      check('database', async () => {
        await sql`select 1`.execute(deps.db);
        return 'up';
      }),
      check('chain', async () => {
        const [chainId, block] = await Promise.all([deps.chain.getChainId(), deps.chain.getBlockNumber()]);
        return `up: chain ${chainId}, block ${block}`;
      }),
    ]);

  return new Hono()
    .get('/health', async (c) => {
      const [[database, chain], operator] = await Promise.all([probes(), operatorCheck()]);
      const body: HealthResponse = {
        status: database.ok && chain.ok ? 'ok' : 'degraded',
        database,
        chain,
        ...(operator ? { operator } : {}),
      };
      return c.json(body, body.status === 'ok' ? 200 : 503);
    })
    .get('/health/live', (c) => c.json({ status: 'ok' }))
    .get('/health/ready', async (c) => {
      const [[database, chain], index] = await Promise.all([
        probes(),
        withinBudget(readLifeIndexState(deps.db), PROBE_BUDGET_MS, 'life index').catch(() => null),
      ]);
      const lagSeconds =
        index?.syncedAtSeconds == null ? null : Math.max(0, Math.floor(Date.now() / 1000) - index.syncedAtSeconds);
      const lifeIndex = {
        ok: lagSeconds !== null && lagSeconds <= deps.lifeIndexStaleSeconds,
        detail:
          lagSeconds === null
            ? 'not caught up with the chain yet'
            : `caught up ${lagSeconds} s ago (stale after ${deps.lifeIndexStaleSeconds} s)`,
        lagSeconds,
      };
      const ready = database.ok && chain.ok && lifeIndex.ok;
      const body: HealthReady = { status: ready ? 'ready' : 'not_ready', database, chain, lifeIndex };
      return c.json(body, ready ? 200 : 503);
    });
}
