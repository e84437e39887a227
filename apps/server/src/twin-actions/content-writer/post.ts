import { createHash } from 'node:crypto';
import { CAST_MAX_BYTES } from '@fartwin/protocol';
import { findAgentCharacter } from '../../agents/repository.ts';
import { LOCK_SPACES, withAdvisoryLock } from '../../db/advisory-locks.ts';
import { agentActionsOf } from '../../owner-controls/switches.ts';
import type { TwinActionDeps } from '../deps.ts';
import { engineText, writeOnce } from '../twin-writes.ts';
import { castAsTwin, findTwinAccount } from '../twins.ts';
import { writingKeys } from '../writing-keys.ts';

/** Earlier posts the engine is shown so it writes something new. */
const EARLIER_POSTS = 30;

export interface PostJob {
  kind: 'post';
  agentId: string;
  /** The schedule slot (unix seconds) this post is for. */
  slotAt: number;
}

export type PostOutcome =
  | { status: 'posted' | 'already-done'; text: string; hash: string }
  | { status: 'skipped'; reason: 'switched-off' | 'unknown-twin' | 'dead' };

/** The Content Writer: one original post for one slot, when the switch is on and the twin is alive. */
export async function writePost(deps: TwinActionDeps, job: PostJob): Promise<PostOutcome> {
  const { db } = deps;
  const twin = await findTwinAccount(db, job.agentId);
  const character = twin && (await findAgentCharacter(db, twin.agentId));
  if (!twin || !character) return { status: 'skipped', reason: 'unknown-twin' };
  if (!(await agentActionsOf(db, twin.agentId)).contentWriter) return { status: 'skipped', reason: 'switched-off' };
  if (!(await deps.lives.isAlive(twin.agentId))) return { status: 'skipped', reason: 'dead' };

  const key = writingKeys.post(twin.agentId, job.slotAt);
  // One post of a twin is written at a time: a day's two slots are often due together, and each
  // must see the other among the earlier posts, or both come out the same.
  const lock = { space: LOCK_SPACES.twinPosts, id: createHash('sha256').update(twin.agentId).digest().readInt32BE(0) };
  const result = await withAdvisoryLock(db, lock, { wait: true }, () =>
    writeOnce(
      db,
      { key, agentId: twin.agentId, kind: 'post', clockAt: job.slotAt },
      async () => {
        const earlier = await db
          .selectFrom('twin_writings')
          .select('text')
          .where('agent_id', '=', twin.agentId)
          .where('kind', '=', 'post')
          .orderBy('clock_at', 'desc')
          .limit(EARLIER_POSTS)
          .execute();
        return engineText(deps.chatEngine, {
          character,
          conversation: [],
          task: { kind: 'post', earlierPosts: earlier.map((row) => row.text) },
          maxBytes: CAST_MAX_BYTES,
          // Nobody asked: a post tags no one but the twin's owner.
          mayTag: [character.username],
        });
      },
      castAsTwin(deps.farcasterActions, twin, key),
    ),
  );
  return { status: result.delivered ? 'posted' : 'already-done', text: result.text, hash: result.deliveredRef };
}
