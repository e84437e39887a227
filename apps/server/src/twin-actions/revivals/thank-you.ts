import { BATTERY_DAYS } from '@fartwin/protocol';
import type { TwinWriteSkipReason } from '../../platform/db/schema.ts';
import type { TwinActionDeps } from '../deps.ts';
import { ownerDecision } from '../owner-decision.ts';
import { chargeReply } from '../reply-rules.ts';
import { castAsTwin, findTwinAccount } from '../twin-accounts.ts';
import { deliveredWriting, writeOnce } from '../twin-writes.ts';
import { skipsOf } from '../write-skips.ts';
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

/**
 * The twin thanks whoever revived it, in a cast, when "Reply on farcaster" is on: once per revival
 * (its writing key), through the same limits and skip records as its replies.
 */
export async function thankReviver(deps: TwinActionDeps, job: ThankYouJob): Promise<ThankYouOutcome> {
  const { db } = deps;
  const twin = await findTwinAccount(db, job.agentId);
  if (!twin) return { status: 'skipped', reason: 'unknown-twin' };
  const key = writingKeys.thankYou(twin.agentId, job.revivalKey);
  // A retry after the cast went out answers it, whatever the switches say now.
  const done = await deliveredWriting(db, key);
  if (done) return { status: 'already-done', text: done.text, hash: done.deliveredRef };
  const authorFid = job.reviverFid ?? NO_ACCOUNT_FID;
  const skip = skipsOf(deps, {
    key,
    agent_id: twin.agentId,
    kind: 'thank-you',
    subject: job.revivalKey,
    author_fid: authorFid,
  });
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
