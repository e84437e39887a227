import type { Db } from '../platform/db/database.ts';
// The switches directly, not through owner-controls/index.ts: its routes reach the writers (a cycle).
import { type TwinSwitches, twinSwitchesOf } from '../twin-switches/index.ts';

/** What a twin does on its own, each under its owner's switch. */
export type OwnAction = 'thread-reply' | 'dm-reply' | 'post' | 'digest' | 'thank-you';

/** Write it; hold it as a draft for the owner ("ask me first"); or not at all, and why. */
export type OwnerDecision = 'write' | 'draft' | 'paused' | 'switched-off';

/**
 * What the owner's switches say about one writing, read from Postgres for each write (no cache), so
 * a pause or a switch reaches every replica's next write at once. Pause comes first: it stops all.
 */
export async function ownerDecision(db: Db, agentId: string, action: OwnAction): Promise<OwnerDecision> {
  return ownerDecisionFrom(await twinSwitchesOf(db, agentId), action);
}

/** The decision from switches just read (twin-actions/reply-gate.ts reads them with the rest of a reply). */
export function ownerDecisionFrom({ actions, controls }: TwinSwitches, action: OwnAction): OwnerDecision {
  if (controls.paused) return 'paused';
  const on = {
    'thread-reply': actions.replyOnFarcaster,
    'dm-reply': actions.replyToDirectMessages,
    post: actions.contentWriter,
    digest: actions.notifications,
    // A thank-you to a reviver is a cast in public, under the same switch as its replies.
    'thank-you': actions.replyOnFarcaster,
  }[action];
  if (!on) return 'switched-off';
  if (action === 'post' && controls.askFirst.posts) return 'draft';
  if (action === 'thread-reply' && controls.askFirst.replies) return 'draft';
  return 'write';
}
