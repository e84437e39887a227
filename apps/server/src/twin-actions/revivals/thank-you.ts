import { BATTERY_DAYS } from '@fartwin/protocol';
import type { TwinWriteSkipReason } from '../../platform/db/schema.ts';
import type { TwinActionDeps } from '../deps.ts';
import { ownerDecision } from '../owner-decision.ts';
import { chargeReply } from '../reply-rules.ts';
import { castAsTwin, findTwinAccount } from '../twin-accounts.ts';
import { deliveredWriting, writeOnce } from '../twin-writes.ts';
import { skipsOf, type WriteSkip } from '../write-skips.ts';
import { writingKeys } from '../writing-keys.ts';

export interface ThankYouJob {
  agentId: string;
  /** The revival's key (revival:{txHash}:{logIndex}): one thank-you per revival. */
  revivalKey: string;
  /** How the cast names the reviver: @username, or their short address. */
  reviverName: string;
  /** The reviver's account; null for an address without one (they count as one author, fid 0). */
  reviverFid: number | null;
}

export type ThankYouOutcome =
  | { status: 'cast' | 'already-done'; text: string; hash: string }
  | { status: 'skipped'; reason: TwinWriteSkipReason | 'unknown-twin' };

/** Stands for the reviver without an account in the per-author limit: such thanks share one budget. */
const NO_ACCOUNT_FID = 0;

/** What a thank-you is recorded as when it is not cast: the revival it answers, and who paid. */
function thankYouWriting(job: ThankYouJob): Omit<WriteSkip, 'reason'> & { author_fid: number } {
  return {
    key: writingKeys.thankYou(job.agentId, job.revivalKey),
    agent_id: job.agentId,
    kind: 'thank-you',
    subject: job.revivalKey,
    author_fid: job.reviverFid ?? NO_ACCOUNT_FID,
  };
}

/**
 * The twin thanks whoever revived it, in a cast, when "Reply on farcaster" is on: once per revival
 * (its writing key), through the same limits and skip records as its replies.
 */
export async function thankReviver(deps: TwinActionDeps, job: ThankYouJob): Promise<ThankYouOutcome> {
  const { db } = deps;
  const twin = await findTwinAccount(db, job.agentId);
  if (!twin) return { status: 'skipped', reason: 'unknown-twin' };
  const writing = thankYouWriting(job);
  const { key, author_fid: authorFid } = writing;
  // A retry after the cast went out answers it, whatever the switches say now.
  const done = await deliveredWriting(db, key);
  if (done) return { status: 'already-done', text: done.text, hash: done.deliveredRef };
  const skip = skipsOf(deps, writing);
  // Pause stops it too; a thank-you is never held as a draft (it says nothing the owner must review).
  const decision = await ownerDecision(db, twin.agentId, 'thank-you');
  if (decision === 'paused' || decision === 'switched-off') return skip(decision);
  if (!(await deps.lives.isAlive(twin.agentId))) return skip('dead');
  const charge = await chargeReply(db, deps.replyRules, { key, agentId: twin.agentId, authorFid, channel: 'cast' });
  if (charge !== 'charged') return skip(charge);

  const result = await writeOnce(
    db,
    { key, agentId: twin.agentId, kind: 'thank-you', counterpartFid: job.reviverFid },
    async () => ({
      text: `Thank you ${job.reviverName} for reviving me! ${BATTERY_DAYS} more days of battery, and I am back online.`,
      engine: null,
    }),
    castAsTwin(deps.farcasterActions, twin, key),
  );
  return { status: result.delivered ? 'cast' : 'already-done', text: result.text, hash: result.deliveredRef };
}

/**
 * A thank-you whose every try failed (the revival's job gave up): listed on the owner's Activity as
 * failed rather than lost without a word. Nothing when it was cast after all, or its twin is unknown.
 */
export async function thankYouFailed(deps: TwinActionDeps, job: ThankYouJob): Promise<void> {
  const writing = thankYouWriting(job);
  if (!(await findTwinAccount(deps.db, job.agentId)) || (await deliveredWriting(deps.db, writing.key))) return;
  await skipsOf(deps, writing)('failed');
}
