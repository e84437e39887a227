import { createHash } from 'node:crypto';
import { CAST_MAX_BYTES } from '@fartwin/protocol';
import { cachedAgentCharacter } from '../../agents/character-cache.ts';
import { LOCK_SPACES, withAdvisoryLock } from '../../db/advisory-locks.ts';
import { recalledFor } from '../../twin/cast-memory-store.ts';
import { linkHostsOf, type TwinActionDeps } from '../deps.ts';
import { holdAsDraft } from '../drafts.ts';
import { ownerDecision } from '../owner-decision.ts';
import { engineText, writeOnce } from '../twin-writes.ts';
import { castAsTwin, findTwinAccount } from '../twins.ts';
import { skipPausedSlot } from '../write-skips.ts';
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
  | { status: 'drafted'; text: string; key: string }
  | { status: 'skipped'; reason: 'switched-off' | 'unknown-twin' | 'dead' | 'paused' };

/** The Content Writer: one original post for one slot, when the switch is on and the twin is alive. */
export async function writePost(deps: TwinActionDeps, job: PostJob): Promise<PostOutcome> {
  const { db } = deps;
  const twin = await findTwinAccount(db, job.agentId);
  if (!twin) return { status: 'skipped', reason: 'unknown-twin' };
  const key = writingKeys.post(twin.agentId, job.slotAt);
  // The switches first: most due slots at network scale are of twins whose writer is off, and the
  // character (up to thousands of casts) is read only for a post that will be written.
  const decision = await ownerDecision(db, twin.agentId, 'post');
  if (decision === 'switched-off') return { status: 'skipped', reason: 'switched-off' };
  if (decision === 'paused')
    return skipPausedSlot(deps, { key, agentId: twin.agentId, kind: 'post', slotAt: job.slotAt });
  if (!(await deps.lives.isAlive(twin.agentId))) return { status: 'skipped', reason: 'dead' };
  const character = await cachedAgentCharacter(db, twin.agentId);
  if (!character) return { status: 'skipped', reason: 'unknown-twin' };

  // One post of a twin is written at a time: a day's two slots are often due together, and each
  // must see the other among the earlier posts, or both come out the same.
  const lock = { space: LOCK_SPACES.twinPosts, id: createHash('sha256').update(twin.agentId).digest().readInt32BE(0) };
  const compose = async () => {
    const earlier = await earlierPosts(deps, twin.agentId);
    return engineText(deps.chatEngine, {
      // A post answers no message: what it recalls is its newest casts.
      ...(await recalledFor(db, twin.agentId, character, '')),
      conversation: [],
      task: { kind: 'post', earlierPosts: earlier },
      maxBytes: CAST_MAX_BYTES,
      // Nobody asked: a post tags no one but the twin's owner.
      mayTag: [character.username],
      linkHosts: linkHostsOf(deps),
    });
  };
  const writing = { key, agentId: twin.agentId, kind: 'post' as const, clockAt: job.slotAt };
  // "Ask me first": the owner reviews it (twin-actions/drafts.ts) before it is cast.
  if (decision === 'draft') {
    return await withAdvisoryLock(db, lock, { wait: true }, () => holdAsDraft(deps, writing, compose));
  }
  const result = await withAdvisoryLock(db, lock, { wait: true }, () =>
    writeOnce(db, writing, compose, castAsTwin(deps.farcasterActions, twin, key)),
  );
  return { status: result.delivered ? 'posted' : 'already-done', text: result.text, hash: result.deliveredRef };
}

/** The twin's latest posts, drafts among them, newest first: the engine writes something new. */
async function earlierPosts(deps: TwinActionDeps, agentId: string): Promise<string[]> {
  const [written, drafted] = await Promise.all([
    deps.db
      .selectFrom('twin_writings')
      .select(['text', 'clock_at'])
      .where('agent_id', '=', agentId)
      .where('kind', '=', 'post')
      .orderBy('clock_at', 'desc')
      .limit(EARLIER_POSTS)
      .execute(),
    deps.db
      .selectFrom('twin_drafts')
      .select(['text', 'clock_at'])
      .where('agent_id', '=', agentId)
      .where('kind', '=', 'post')
      .where('status', '!=', 'published')
      .orderBy('clock_at', 'desc')
      .limit(EARLIER_POSTS)
      .execute(),
  ]);
  return [...written, ...drafted]
    .sort((a, b) => b.clock_at - a.clock_at)
    .slice(0, EARLIER_POSTS)
    .map((row) => row.text);
}
