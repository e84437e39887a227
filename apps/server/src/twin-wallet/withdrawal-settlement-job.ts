import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { startTicker } from '../jobs/ticker.ts';
import { type SettleDeps, settleWithdrawal } from './settle-withdrawal.ts';
import { sentSpendIds } from './spend-ledger.ts';

export const WITHDRAWAL_SETTLE_QUEUE = 'twin-withdrawal-settle';
export const WITHDRAWAL_SWEEP_QUEUE = 'twin-withdrawal-sweep';
export const WITHDRAWAL_OLD_SWEEP_QUEUE = 'twin-withdrawal-sweep-old';

/** Looks at a sent spend after 2, 4, 8, 16, 32 s, then every minute: about an hour in all. */
export const SETTLE_ATTEMPTS = 64;
const settleDelaySeconds = (attempt: number) => Math.min(2 ** (attempt + 1), 60);
/** A spend signed this long ago without its job (a crash between signing and enqueueing) is swept. */
const SWEEP_AFTER_SECONDS = 120;
/** Past its hour of looks, a spend still `sent` is looked at once per slow sweep. */
const RETRIES_FOR_SECONDS = 3600;
const SWEEP_SECONDS = 60;
const OLD_SWEEP_SECONDS = 600;
/** Spends one sweep hands on: the oldest first, the rest at the next sweep. */
const SWEEP_BATCH = 100;

export interface SettleJob {
  spendId: number;
  /** Looks so far; the last one schedules no next. */
  attempt: number;
}

export interface WithdrawalSettlements {
  /** One settlement job for a spend just sent (or sent again): passed over if one is queued. */
  enqueue(spendId: number): Promise<void>;
}

/** One job per spend: the stately queue refuses a second one queued under the same key. */
const settleJob = (data: SettleJob, afterSeconds = 0) => ({
  name: WITHDRAWAL_SETTLE_QUEUE,
  data,
  singletonKey: String(data.spendId),
  startAfter: new Date(Date.now() + afterSeconds * 1000),
});

/**
 * A twin's sent withdrawals are settled here, not by whoever reads the wallet: a job per spend
 * (any replica, one at a time per spend) rebroadcasts its signed bytes and records the outcome once
 * the receipt exists, looking again with growing pauses for about an hour. Two tickers (once per
 * slot across replicas) sweep spends left `sent` without a job: after a crash, every minute; past
 * their hour of looks, every ten minutes.
 */
export async function startWithdrawalSettlement(
  boss: PgBoss,
  deps: SettleDeps & { logger: Logger },
): Promise<WithdrawalSettlements> {
  const { db, logger } = deps;
  await boss.createQueue(WITHDRAWAL_SETTLE_QUEUE, {
    name: WITHDRAWAL_SETTLE_QUEUE,
    policy: 'stately',
    // A failure of the database (the chain's are looks that found nothing) is retried.
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  const workerId = await boss.work<SettleJob>(WITHDRAWAL_SETTLE_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const { spendId, attempt } = job.data;
    const settled = await settleWithdrawal(deps, spendId).catch((error: unknown) => {
      logger.warn({ err: error, spend: spendId }, 'withdrawal not settled yet');
      return null;
    });
    if (settled?.recorded) logger.info({ spend: spendId, status: settled.row.status }, 'withdrawal settled');
    if (settled && settled.row.status !== 'sent') return;
    if (attempt + 1 >= SETTLE_ATTEMPTS) return;
    await boss.insert([settleJob({ spendId, attempt: attempt + 1 }, settleDelaySeconds(attempt))]);
  });
  await startTicker(boss, { queue: WITHDRAWAL_SWEEP_QUEUE, intervalSeconds: SWEEP_SECONDS, logger }, () =>
    sweepSentWithdrawals(boss, db, RECENT_SWEEP),
  );
  await startTicker(boss, { queue: WITHDRAWAL_OLD_SWEEP_QUEUE, intervalSeconds: OLD_SWEEP_SECONDS, logger }, () =>
    sweepSentWithdrawals(boss, db, OLD_SWEEP),
  );
  return {
    async enqueue(spendId) {
      await boss.insert([settleJob({ spendId, attempt: 0 })]);
      // Look now rather than at the next poll: the owner is watching the wallet.
      boss.notifyWorker(workerId);
    },
  };
}

/** A spend left `sent` without its job (a crash between signing and enqueueing): its hour of looks again. */
export const RECENT_SWEEP = { olderThanSeconds: SWEEP_AFTER_SECONDS, youngerThanSeconds: RETRIES_FOR_SECONDS };
/** A spend still `sent` past its hour of looks: one look per slow sweep (its last attempt). */
const OLD_SWEEP = { olderThanSeconds: RETRIES_FOR_SECONDS };

/**
 * Hands the spends still `sent` in a window of ages to the settlement queue, the oldest batch at a
 * time (the rest at the next sweep). One already queued under its key is passed over.
 */
export async function sweepSentWithdrawals(
  boss: PgBoss,
  db: SettleDeps['db'],
  window: { olderThanSeconds: number; youngerThanSeconds?: number },
): Promise<number> {
  const ids = await sentSpendIds(db, { ...window, limit: SWEEP_BATCH });
  if (ids.length === 0) return 0;
  const attempt = window.youngerThanSeconds === undefined ? SETTLE_ATTEMPTS - 1 : 0;
  await boss.insert(ids.map((spendId) => settleJob({ spendId, attempt })));
  return ids.length;
}
