import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { LocalAccount, PublicClient } from 'viem';
import { chainNowSeconds } from '../chain/life.ts';
import type { Db } from '../db/database.ts';
import { decryptAgentWallet } from '../deploy/wallet-keys.ts';
import { startTicker } from '../jobs/ticker.ts';
import { type FeeKeeperDeps, keepTwinAlive } from './fee-keeper.ts';

export const FEE_KEEPER_QUEUE = 'fee-keeper';
/**
 * Twins one tick looks at: those it looked at longest ago (never, first), then the nearest to the
 * end. A twin whose fees do not cover a battery is looked at and goes to the back of the line, so
 * every due twin gets its turn however many of them there are.
 */
const TWINS_PER_TICK = 20;

/** The keeper's period: the chain clock's UTC day. One battery at most per twin and day. */
export const keeperPeriod = (nowSeconds: number) => new Date(nowSeconds * 1000).toISOString().slice(0, 10);

/** The twins alive with less than `dueSeconds` left, with what the keeper needs to act for them. */
export async function dueTwins(db: Db, nowSeconds: number, dueSeconds: number, limit = TWINS_PER_TICK) {
  return db
    .selectFrom('agent_lives')
    .innerJoin('agents', 'agents.agent_id', 'agent_lives.agent_id')
    .innerJoin('deployments', 'deployments.agent_id', 'agents.agent_id')
    .leftJoin('twin_fee_settings', 'twin_fee_settings.agent_id', 'agents.agent_id')
    .leftJoin('twin_fee_checks', 'twin_fee_checks.agent_id', 'agents.agent_id')
    .select([
      'agents.id',
      'agents.agent_id',
      'agents.wallet_address',
      'agents.token_address',
      'deployments.wallet_key_ciphertext',
      'twin_fee_settings.pay_battery_from_fees',
    ])
    .where('agent_lives.expires_at', '>', nowSeconds)
    .where('agent_lives.expires_at', '<=', nowSeconds + dueSeconds)
    .where('deployments.wallet_key_ciphertext', 'is not', null)
    .orderBy(sql`twin_fee_checks.checked_at asc nulls first`)
    .orderBy('agent_lives.expires_at')
    .limit(limit)
    .execute();
}

/** The keeper looked at this twin now (whatever came of it): it goes to the back of the line. */
export async function markChecked(db: Db, agentId: string): Promise<void> {
  await db
    .insertInto('twin_fee_checks')
    .values({ agent_id: agentId })
    .onConflict((conflict) => conflict.column('agent_id').doUpdateSet({ checked_at: sql`now()` }))
    .execute();
}

/**
 * Every `intervalSeconds`, once across the replicas (a ticker job), runs the keeper for the twins
 * whose battery ends within a day. Each twin's run is exactly-once by its own records
 * (twin_fee_spends) and lock, so a tick that overlaps a slow one, or a retry, spends nothing twice.
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
  await startTicker(
    boss,
    { queue: FEE_KEEPER_QUEUE, intervalSeconds: deps.intervalSeconds, logger: deps.logger },
    async () => {
      if (!deps.contracts()) return;
      const now = await chainNowSeconds(deps.chain);
      for (const row of await dueTwins(deps.db, now, deps.limits.dueSeconds)) {
        try {
          // Inside the try: a key that cannot be opened is this twin's problem, not every twin's.
          const twin = {
            id: row.id,
            agentId: row.agent_id,
            wallet: decryptAgentWallet(row.wallet_key_ciphertext!, row.wallet_address, deps.walletEncryptionKey),
            token: row.token_address as `0x${string}`,
            payBatteryFromFees: row.pay_battery_from_fees ?? true,
          };
          const outcome = await keepTwinAlive(deps, twin, keeperPeriod(now));
          if (outcome.kind === 'battery-bought' || outcome.kind === 'failed') {
            deps.logger.info({ agentId: twin.agentId, outcome }, 'fee keeper');
          }
        } catch (error) {
          // The chain or the database was unreachable: the next tick goes on from the records.
          deps.logger.warn({ err: error, agentId: row.agent_id }, 'fee keeper run failed');
        }
        await markChecked(deps.db, row.agent_id).catch((error: unknown) =>
          deps.logger.warn({ err: error, agentId: row.agent_id }, 'fee keeper check not recorded'),
        );
      }
    },
  );
}
