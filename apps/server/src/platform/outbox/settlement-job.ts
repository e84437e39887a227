import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { startTicker } from '../jobs/ticker.ts';
import { type SettleDeps, settleTransaction } from './settle.ts';
import { expireIntents, sentTransactionIds } from './transactions.ts';

export const OUTBOX_SETTLE_QUEUE = 'outbox-settle';
export const OUTBOX_SWEEP_QUEUE = 'outbox-sweep';
export const OUTBOX_OLD_SWEEP_QUEUE = 'outbox-sweep-old';

/** Looks at a sent transaction after 2, 4, 8, 16, 32 s, then every minute: about an hour in all. */
export const SETTLE_ATTEMPTS = 64;
const settleDelaySeconds = (attempt: number) => Math.min(2 ** (attempt + 1), 60);
/** The job sends a transaction's bytes again only once it was signed this long ago (its signer sent it then). */
const RESEND_AFTER_SECONDS = 60;
/** A transaction signed this long ago without its job (a crash between signing and sending) is swept. */
const SWEEP_AFTER_SECONDS = 120;
/** Past its hour of looks, a transaction still `sent` is looked at once per slow sweep. */
const RETRIES_FOR_SECONDS = 3600;
const SWEEP_SECONDS = 60;
const OLD_SWEEP_SECONDS = 600;
/** Rows one sweep hands on or expires: the oldest first, the rest at the next sweep. */
const SWEEP_BATCH = 100;

interface SettleJob {
  id: number;
  /** Looks so far; the last one schedules no next. */
  attempt: number;
}

export interface OutboxSettlements {
  /** One settlement job for a transaction just sent (or sent again): passed over if one is queued. */
  enqueue(id: number): Promise<void>;
}

/** One job per transaction: the stately queue refuses a second one queued under the same key. */
const settleJob = (data: SettleJob, afterSeconds = 0) => ({
  name: OUTBOX_SETTLE_QUEUE,
  data,
  singletonKey: String(data.id),
  startAfter: new Date(Date.now() + afterSeconds * 1000),
});

/**
 * Every signed transaction is settled here, whoever signed it: a job per transaction (any replica,
 * one at a time per row) sends its stored bytes again and records the outcome once the receipt
 * exists, looking again with growing pauses for about an hour (settle.ts). Two tickers (once per
 * slot across replicas) sweep what is stuck: every minute, transactions left `sent` without a job
 * (a crash between signing and sending) and intents past their time (marked failed); every ten
 * minutes, transactions still `sent` past their hour of looks.
 */
export async function startOutboxSettlement(
  boss: PgBoss,
  deps: SettleDeps & { logger: Logger },
): Promise<OutboxSettlements> {
  const { db, logger } = deps;
  await boss.createQueue(OUTBOX_SETTLE_QUEUE, {
    name: OUTBOX_SETTLE_QUEUE,
    policy: 'stately',
    // A failure of the database (the chain's are looks that found nothing) is retried.
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  const workerId = await boss.work<SettleJob>(OUTBOX_SETTLE_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const { id, attempt } = job.data;
    const settled = await settleTransaction(deps, id, { resendAfterSeconds: RESEND_AFTER_SECONDS }).catch(
      (error: unknown) => {
        logger.warn({ err: error, transaction: id }, 'outbox: transaction not settled yet');
        return null;
      },
    );
    if (settled?.recorded) {
      const { kind, status, tx_hash: txHash, error } = settled.row;
      (status === 'confirmed' ? logger.info : logger.warn).call(
        logger,
        { transaction: id, kind, status, txHash, error },
        'outbox: transaction settled',
      );
    }
    if (settled && settled.row.status !== 'sent') return;
    if (attempt + 1 >= SETTLE_ATTEMPTS) return;
    await boss.insert([settleJob({ id, attempt: attempt + 1 }, settleDelaySeconds(attempt))]);
  });
  await startTicker(boss, { queue: OUTBOX_SWEEP_QUEUE, intervalSeconds: SWEEP_SECONDS, logger }, async () => {
    const expired = await expireIntents(db, SWEEP_BATCH);
    if (expired > 0) logger.info({ expired }, 'outbox: intents never signed in time expired');
    await sweepSent(boss, db, RECENT_SWEEP);
  });
  await startTicker(boss, { queue: OUTBOX_OLD_SWEEP_QUEUE, intervalSeconds: OLD_SWEEP_SECONDS, logger }, () =>
    sweepSent(boss, db, OLD_SWEEP),
  );
  return {
    async enqueue(id) {
      await boss.insert([settleJob({ id, attempt: 0 })]);
      // Look now rather than at the next poll: someone may be watching.
      boss.notifyWorker(workerId);
    },
  };
}

/** A transaction left `sent` without its job (a crash between signing and sending): its hour of looks again. */
export const RECENT_SWEEP = { olderThanSeconds: SWEEP_AFTER_SECONDS, youngerThanSeconds: RETRIES_FOR_SECONDS };
/** A transaction still `sent` past its hour of looks: one look per slow sweep (its last attempt). */
const OLD_SWEEP = { olderThanSeconds: RETRIES_FOR_SECONDS };

/**
 * Hands the transactions still `sent` in a window of ages to the settlement queue, the oldest batch
 * at a time (the rest at the next sweep). One already queued under its key is passed over.
 */
export async function sweepSent(
  boss: PgBoss,
  db: SettleDeps['db'],
  window: { olderThanSeconds: number; youngerThanSeconds?: number },
): Promise<number> {
  const ids = await sentTransactionIds(db, { ...window, limit: SWEEP_BATCH });
  if (ids.length === 0) return 0;
  const attempt = window.youngerThanSeconds === undefined ? SETTLE_ATTEMPTS - 1 : 0;
  await boss.insert(ids.map((id) => settleJob({ id, attempt })));
  return ids.length;
}
