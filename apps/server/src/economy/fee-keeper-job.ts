import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { LocalAccount, PublicClient } from 'viem';
import { decryptTwinWallet } from '../deploy/index.ts';
import { chainNowSeconds } from '../platform/chain/life.ts';
import type { Db } from '../platform/db/database.ts';
import { startTicker } from '../platform/jobs/ticker.ts';
import { type FeeKeeperDeps, keepTwinAlive } from './fee-keeper.ts';

export const FEE_KEEPER_QUEUE = 'fee-keeper';
/** One keeper run: one twin and period, its singleton key `{agentId}:{period}`. */
export const FEE_KEEPER_RUN_QUEUE = 'fee-keeper-run';
/** Runs at once on each replica: each signs from its own twin's wallet (the operator only for gas advances). */
const RUN_WORKERS = 2;
/**
 * Twins one tick hands on: those looked at longest ago (never, first), then the nearest to the
 * end. A twin whose fees do not cover a battery is looked at and goes to the back of the line, so
 * every due twin gets its turn however many of them there are.
 */
const TWINS_PER_TICK = 50;

export interface KeeperRunJob {
  agentId: string;
  period: string;
}

/** The keeper's period: the chain clock's UTC day. One battery at most per twin and day. */
export const keeperPeriod = (nowSeconds: number) => new Date(nowSeconds * 1000).toISOString().slice(0, 10);

/** What the keeper needs to act for a twin: its wallet's sealed key, its token and its switch. */
function keeperTwins(db: Db) {
  return db
    .selectFrom('agents')
    .innerJoin('deployments', 'deployments.agent_id', 'agents.agent_id')
    .leftJoin('twin_fee_settings', 'twin_fee_settings.agent_id', 'agents.agent_id')
    .select([
      'agents.id',
      'agents.agent_id',
      'agents.wallet_address',
      'agents.token_address',
      'deployments.wallet_key_ciphertext',
      'twin_fee_settings.pay_battery_from_fees',
    ])
    .where('deployments.wallet_key_ciphertext', 'is not', null);
}

/** The twins alive with less than `dueSeconds` left, in the keeper's order (see TWINS_PER_TICK). */
export async function dueTwins(db: Db, nowSeconds: number, dueSeconds: number, limit = TWINS_PER_TICK) {
  return keeperTwins(db)
    .innerJoin('agent_lives', 'agent_lives.agent_id', 'agents.agent_id')
    .leftJoin('twin_fee_checks', 'twin_fee_checks.agent_id', 'agents.agent_id')
    .where('agent_lives.expires_at', '>', nowSeconds)
    .where('agent_lives.expires_at', '<=', nowSeconds + dueSeconds)
    .orderBy(sql`twin_fee_checks.checked_at asc nulls first`)
    .orderBy('agent_lives.expires_at')
    .limit(limit)
    .execute();
}

/** The keeper looked at these twins now (whatever came of it): they go to the back of the line. */
export async function markChecked(db: Db, agentIds: readonly string[]): Promise<void> {
  if (agentIds.length === 0) return;
  // One statement, one array parameter, however many twins a tick hands on.
  await sql`
    insert into twin_fee_checks (agent_id)
    select agent_id from unnest(${[...agentIds]}::text[]) as checked(agent_id)
    on conflict (agent_id) do update set checked_at = now()`.execute(db);
}

/**
 * One tick: a run job for each due twin in its turn, keyed by twin and period (a twin already queued
 * for the period is not queued twice: pg-boss inserts skip a singleton that exists), and those twins
 * to the back of the line, in two statements. Answers how many were handed on.
 */
export async function enqueueKeeperRuns(
  boss: PgBoss,
  db: Db,
  nowSeconds: number,
  dueSeconds: number,
  limit = TWINS_PER_TICK,
): Promise<number> {
  const period = keeperPeriod(nowSeconds);
  const due = await dueTwins(db, nowSeconds, dueSeconds, limit);
  if (due.length === 0) return 0;
  await boss.insert(
    due.map((row) => {
      const data: KeeperRunJob = { agentId: row.agent_id, period };
      return { name: FEE_KEEPER_RUN_QUEUE, data, singletonKey: `${data.agentId}:${data.period}` };
    }),
  );
  await markChecked(
    db,
    due.map((row) => row.agent_id),
  );
  return due.length;
}

/** The run queue: one job per twin and state (stately), retried with backoff. */
export async function createKeeperRunQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(FEE_KEEPER_RUN_QUEUE, {
    name: FEE_KEEPER_RUN_QUEUE,
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    // Up to seven transactions, each waiting at most a minute for its receipt.
    expireInSeconds: 900,
  });
}

/**
 * Every `intervalSeconds`, once across the replicas (a ticker job), hands the twins whose battery
 * ends within a day to the run queue: one pg-boss job per twin and period, on any replica, retried
 * with backoff when the chain or the database fails it. Each run is exactly-once by its own records
 * (the outbox, `outbox_transactions`) and the twin wallet's lock, so a retry, an overlap or a second replica spends
 * nothing twice.
 */
export async function startFeeKeeper(
  boss: PgBoss,
  deps: Omit<FeeKeeperDeps, 'operator'> & {
    operator: LocalAccount;
    chain: PublicClient;
    walletEncryptionKey: `0x${string}`;
    intervalSeconds: number;
    logger: Logger;
  },
): Promise<void> {
  const { db, logger } = deps;
  await createKeeperRunQueue(boss);
  for (let worker = 0; worker < RUN_WORKERS; worker++) {
    await boss.work<KeeperRunJob>(FEE_KEEPER_RUN_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
      if (!job) return;
      const { agentId, period } = job.data;
      const row = await keeperTwins(db).where('agents.agent_id', '=', agentId).executeTakeFirst();
      if (!row) return;
      let wallet: LocalAccount;
      try {
        wallet = decryptTwinWallet(row.wallet_key_ciphertext!, row.wallet_address, deps.walletEncryptionKey);
      } catch (error) {
        // No retry opens it: this twin's problem, said once, not every twin's.
        logger.warn({ err: error, agentId }, 'fee keeper: the twin wallet cannot be opened');
        return;
      }
      const twin = {
        id: row.id,
        agentId,
        wallet,
        token: row.token_address as `0x${string}`,
        payBatteryFromFees: row.pay_battery_from_fees ?? true,
      };
      // A failure (the chain or the database unreachable) is thrown: pg-boss retries the run, which
      // goes on from its records.
      const outcome = await keepTwinAlive(deps, twin, period);
      if (outcome.kind === 'battery-bought' || outcome.kind === 'failed') {
        logger.info({ agentId, period, outcome }, 'fee keeper');
      }
    });
  }
  await startTicker(boss, { queue: FEE_KEEPER_QUEUE, intervalSeconds: deps.intervalSeconds, logger }, async () => {
    if (!deps.contracts()) return;
    await enqueueKeeperRuns(boss, db, await chainNowSeconds(deps.chain), deps.limits.dueSeconds);
  });
}
