import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { PublicClient } from 'viem';
import { receiptOf } from '../chain/signed-transactions.ts';
import type { Db } from '../db/database.ts';
import { recordRelayOutcome } from './relay-store.ts';

export const RELAY_SETTLE_QUEUE = 'battery-relay-settle';

/** Looks for a relay's receipt after 2, 4, 8, 16, 32 s, then every minute: about an hour in all. */
const SETTLE_ATTEMPTS = 64;
const settleDelaySeconds = (attempt: number) => Math.min(2 ** (attempt + 1), 60);
/** Each receipt read's time budget. */
const RECEIPT_BUDGET_MS = 5_000;

interface RelaySettleJob {
  txHash: `0x${string}`;
  attempt: number;
}

export interface RelaySettlements {
  /** One job per relayed transaction, keyed by its hash: passed over while one is queued. */
  enqueue(txHash: `0x${string}`): Promise<void>;
}

const settleJob = (data: RelaySettleJob, afterSeconds = 0) => ({
  name: RELAY_SETTLE_QUEUE,
  data,
  singletonKey: data.txHash,
  startAfter: new Date(Date.now() + afterSeconds * 1000),
});

/**
 * Records what the chain did with each relayed battery, in the background (the request answered
 * once it was sent): the day's cap leaves out relays that reverted, and refuses their payer and
 * client address for the day (relay-store.ts). One job per transaction, looking again with growing
 * pauses while the receipt is not there. A relay whose job never ran keeps counting, as if it had
 * succeeded: the caps only ever err towards relaying less.
 */
export async function startRelaySettlement(
  boss: PgBoss,
  deps: { db: Db; chain: PublicClient; logger: Logger },
): Promise<RelaySettlements> {
  await boss.createQueue(RELAY_SETTLE_QUEUE, {
    name: RELAY_SETTLE_QUEUE,
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  const workerId = await boss.work<RelaySettleJob>(RELAY_SETTLE_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const { txHash, attempt } = job.data;
    const receipt = await receiptOf(deps.chain, txHash, RECEIPT_BUDGET_MS);
    if (receipt) {
      const outcome = receipt.status === 'success' ? 'succeeded' : 'reverted';
      if (await recordRelayOutcome(deps.db, txHash, outcome)) {
        (outcome === 'reverted' ? deps.logger.warn : deps.logger.info).call(
          deps.logger,
          { txHash },
          `battery relay: ${outcome} on the chain`,
        );
      }
      return;
    }
    if (attempt + 1 < SETTLE_ATTEMPTS) {
      await boss.insert([settleJob({ txHash, attempt: attempt + 1 }, settleDelaySeconds(attempt))]);
    }
  });
  return {
    async enqueue(txHash) {
      await boss.insert([settleJob({ txHash, attempt: 0 })]);
      boss.notifyWorker(workerId);
    },
  };
}
