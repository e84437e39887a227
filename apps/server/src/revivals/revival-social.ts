import type PgBoss from 'pg-boss';
import { notifyOwner, type OwnerChannels, ownersReach, payerName, revivalNoticeMessage } from '../notify/index.ts';
import { knownClockSeconds } from '../platform/chain/life-index-state.ts';
import type { LifePayment } from '../platform/chain/life-indexer.ts';
import type { Db } from '../platform/db/database.ts';
import { bossOn } from '../platform/jobs/in-transaction.ts';
import { isLastTry } from '../platform/jobs/job-queue.ts';
import type { AccountsByAddress } from '../platform/providers/accounts-by-address.ts';
import type { TwinActionDeps } from '../twin-actions/index.ts';
import { type ThankYouJob, type ThankYouOutcome, thankReviver, thankYouFailed } from '../twin-actions/index.ts';
import {
  findRevival,
  markOwnerNotified,
  type RevivalRecord,
  recordRevivals,
  revivalKey,
  settleRevival,
} from './revival-store.ts';

export const REVIVAL_SOCIAL_QUEUE = 'revival-social';

/** A job per revival, named by its LifePaid log. */
export interface RevivalJob {
  txHash: string;
  logIndex: number;
}

export interface RevivalSocialDeps extends OwnerChannels {
  twin: TwinActionDeps;
  /** The payer's Farcaster account from their address (services.walletAccounts, time-budgeted). */
  accounts: AccountsByAddress;
  /** The operator's address: its payments are the deploys' first batteries. */
  operator: `0x${string}`;
  /** Where the notification opens: the mini-app. */
  targetUrl: string;
}

export type RevivalOutcome =
  | { status: 'unknown-revival' }
  | { status: 'not-social'; outcome: 'own-wallet' | 'operator' | 'owner' }
  | { status: 'social'; notified: boolean; thankYou: ThankYouOutcome };

/**
 * What a revival makes happen, safe to run again (a retry, a crash, another replica): who paid is
 * settled once; the owner's notice goes out under the revival's id and is recorded; the thank-you is
 * a writing under the revival's key. Nothing for the twin's own wallet, the operator, or the owner.
 * On the job's last try (`lastTry`), a payer whose lookup still fails is settled as a payer without
 * a Farcaster account, named by their address, rather than leaving the revival unsettled.
 */
export async function runRevivalJob(
  deps: RevivalSocialDeps,
  job: RevivalJob,
  options: { lastTry?: boolean } = {},
): Promise<RevivalOutcome> {
  const { db } = deps.twin;
  let revival = await findRevival(db, job);
  if (!revival) return { status: 'unknown-revival' };
  if (revival.outcome === null) {
    const account = await payerAccount(deps, revival.payer, options.lastTry ?? false);
    await settleRevival(db, job, {
      outcome: account?.fid === revival.ownerFid ? 'owner' : 'social',
      payerFid: account?.fid ?? null,
      payerUsername: account?.username ?? null,
    });
    revival = (await findRevival(db, job))!;
  }
  if (revival.outcome !== 'social') return { status: 'not-social', outcome: revival.outcome! };

  const key = revivalKey(revival);
  let notified = revival.notified;
  if (!notified) {
    // Owners with no channel (no token, no wallet sign-in) are not told; nothing to catch up on later.
    const message = revivalNoticeMessage(
      {
        revivalKey: key,
        twinUsername: revival.twinUsername,
        payer: revival.payer,
        payerUsername: revival.payerUsername,
      },
      deps.targetUrl,
    );
    const reach = await ownersReach(db, deps, [revival.ownerFid]);
    if (await notifyOwner(deps, reach, revival.ownerFid, message)) {
      await markOwnerNotified(db, job);
      notified = true;
    }
  }
  const thankYou = await thankReviver(deps.twin, thankYouOf(revival));
  return { status: 'social', notified, thankYou };
}

/**
 * The payer's Farcaster account. A lookup that fails throws (the job is retried), except on the job's
 * last try: then the payer counts as having no account, so the owner is still told and the twin
 * still thanks them, by their address. The revival is paid on the chain either way.
 */
async function payerAccount(deps: RevivalSocialDeps, payer: `0x${string}`, lastTry: boolean) {
  try {
    return await deps.accounts.accountFor(payer);
  } catch (error) {
    if (!lastTry) throw error;
    deps.twin.logger.warn({ err: error, payer }, 'payer lookup failed on the last try: named by address');
    return null;
  }
}

/** The thank-you a person's revival owes. */
function thankYouOf(revival: RevivalRecord): ThankYouJob {
  return {
    agentId: revival.agentId,
    revivalKey: revivalKey(revival),
    reviverName: payerName(revival),
    reviverFid: revival.payerFid,
  };
}

/**
 * A revival's job failed on its last try: the thank-you a person's revival owed is listed on the
 * owner's Activity as failed. A revival still unsettled then (its payer's lookup counts as none on
 * the last try, so only our own database failing, or a last try that ran out of time, leaves it so)
 * is logged: whether a thank-you was owed is not known.
 */
export async function recordRevivalFailure(deps: RevivalSocialDeps, job: RevivalJob): Promise<void> {
  const revival = await findRevival(deps.twin.db, job);
  if (revival?.outcome === 'social') await thankYouFailed(deps.twin, thankYouOf(revival));
  else if (revival?.outcome === null)
    deps.twin.logger.error({ revival: revivalKey(job) }, 'revival left unsettled: its payer was never settled');
}

/**
 * The life indexer's hand-off (LifeIndexerDeps.onLifePaid): stores a range's payments and, for each
 * new one that a person made, enqueues its job in the same transaction, so a range read twice
 * enqueues nothing more and a rolled-back range enqueues nothing.
 */
export function revivalHandOff(boss: PgBoss, deps: { operator: `0x${string}` }) {
  return async (trx: Db, payments: readonly LifePayment[]): Promise<void> => {
    const fresh = await recordRevivals(trx, payments, {
      operator: deps.operator,
      clockAt: await knownClockSeconds(trx),
    });
    const jobs = fresh.filter((revival) => revival.outcome === null);
    if (jobs.length === 0) return;
    await boss.insert(
      jobs.map((revival) => ({
        name: REVIVAL_SOCIAL_QUEUE,
        data: { txHash: revival.txHash, logIndex: revival.logIndex } satisfies RevivalJob,
        singletonKey: revivalKey(revival),
      })),
      { db: bossOn(trx) },
    );
  };
}

/** A revival's job only fails on our side or Neynar's (the payer lookup): retried, then left recorded by pg-boss. */
const queueOptions = {
  name: REVIVAL_SOCIAL_QUEUE,
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 300,
};

/** Starts this replica's revival worker; answers the life indexer's hand-off. */
export async function startRevivalSocial(boss: PgBoss, deps: RevivalSocialDeps) {
  await boss.createQueue(REVIVAL_SOCIAL_QUEUE, queueOptions);
  await boss.work<RevivalJob>(
    REVIVAL_SOCIAL_QUEUE,
    { pollingIntervalSeconds: 1, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
      const revival = revivalKey(job.data);
      try {
        const outcome = await runRevivalJob(deps, job.data, { lastTry: isLastTry(job) });
        deps.twin.logger.info({ revival, outcome }, 'revival');
      } catch (error) {
        // pg-boss keeps the error on the job and retries it; on its last try the owner's Activity hears of it.
        deps.twin.logger.warn({ err: error, revival, retried: job.retryCount }, 'revival job failed');
        if (isLastTry(job)) await recordRevivalFailure(deps, job.data);
        throw error;
      }
    },
  );
  return { onLifePaid: revivalHandOff(boss, { operator: deps.operator }) };
}
