import { CAST_MAX_BYTES } from '@fartwin/protocol';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { recalledFor } from '../../twin-mind/index.ts';
import { cachedTwinCharacter } from '../../twins/index.ts';
import { linkHostsOf, type TwinActionDeps } from '../deps.ts';
import { holdAsDraft } from '../drafts.ts';
import { ownerDecision } from '../owner-decision.ts';
import { castAsTwin, findTwinAccount } from '../twin-accounts.ts';
import { engineText, writeOnce } from '../twin-writes.ts';
import { skipPausedSlot } from '../write-skips.ts';
import { writingKeys } from '../writing-keys.ts';

/** Earlier posts the engine is shown so it writes something new. */
const EARLIER_POSTS = 30;

/**
 * How long a post's turn stays taken without its text stored: longer than an engine's budget
 * (twin-writes.ts), so only a writer that crashed mid-turn loses it to the next slot.
 */
export const POST_TURN_SECONDS = 120;

/** Another post of the twin is being composed: this one is written after it (see postTurnFollowUp). */
export class PostTurnTaken extends Error {
  override name = 'PostTurnTaken';
  constructor(
    message: string,
    /** Seconds until the turn lapses if its text is not stored before, by the database's clock. */
    readonly lapsesInSeconds: number,
  ) {
    super(message);
  }
}

export interface PostJob {
  kind: 'post';
  agentId: string;
  /** The schedule slot (unix seconds) this post is for. */
  slotAt: number;
  /** How often this post has found its turn taken and been queued again (postTurnFollowUp). */
  turnWaits?: number;
}

/**
 * The longest a post waits before it looks at the turn again: a sibling's text is stored within
 * seconds, so a day's second post follows its first by about this much at most, rather than by a
 * doubling wait that had grown to half a minute.
 */
const POST_TURN_LONGEST_WAIT_SECONDS = 8;

/**
 * Times a post waits for its turn before its job is left to the queue's own retries: a turn lapses
 * within POST_TURN_SECONDS, which the waits pass after seventeen (2 + 4 + 8 + 8 + … s, the last cut
 * to the lapse), so the rest is for siblings that take the turn one after another.
 */
const POST_TURN_WAITS = 22;

/**
 * The run that follows a post refused its turn: the same job, queued to start soon at first (a
 * sibling's text is usually stored within seconds), doubling up to POST_TURN_LONGEST_WAIT_SECONDS,
 * and never later than the turn lapses (free then, even if its writer crashed). However long a sibling's model takes, the post is not
 * given up before its turn could be taken; the queue's retries stay for failures. Null once it has
 * waited POST_TURN_WAITS times.
 */
export function postTurnFollowUp(
  job: PostJob,
  taken: PostTurnTaken,
): { job: PostJob; startAfterSeconds: number } | null {
  const waited = job.turnWaits ?? 0;
  if (waited >= POST_TURN_WAITS) return null;
  const untilLapse = Math.max(0, Math.ceil(taken.lapsesInSeconds)) + 1;
  const wait = Math.min(2 ** (waited + 1), POST_TURN_LONGEST_WAIT_SECONDS, untilLapse);
  return { job: { ...job, turnWaits: waited + 1 }, startAfterSeconds: wait };
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
  const character = await cachedTwinCharacter(db, twin.agentId);
  if (!character) return { status: 'skipped', reason: 'unknown-twin' };

  // One post of a twin is composed at a time: a day's two slots are often due together, and each
  // must see the other among the earlier posts, or both come out the same. The turn is recorded in
  // one statement and nothing is held while the model writes and the post is cast; writeOnce's key
  // keeps a retry from casting twice.
  const turn = await takePostTurn(db, twin.agentId, key);
  if (!turn.taken) {
    throw new PostTurnTaken(
      `Another post of twin ${twin.agentId} is being written; ${key} follows it`,
      turn.lapsesInSeconds,
    );
  }
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
  if (decision === 'draft') return holdAsDraft(deps, writing, compose);
  const result = await writeOnce(db, writing, compose, castAsTwin(deps.farcasterActions, twin, key));
  return { status: result.delivered ? 'posted' : 'already-done', text: result.text, hash: result.deliveredRef };
}

/**
 * Takes the twin's post turn for `key`, in one statement (no lock held after it): free when no turn
 * was taken, when it is this key's (a retry), when the other post's text is stored (as a writing or
 * a draft, which the next post's earlier posts show), or when its writer let it lapse.
 */
async function takePostTurn(
  db: Db,
  agentId: string,
  key: string,
): Promise<{ taken: true } | { taken: false; lapsesInSeconds: number }> {
  const taken = await db
    .insertInto('twin_post_turns')
    .values({ agent_id: agentId, key })
    .onConflict((conflict) =>
      conflict
        .column('agent_id')
        .doUpdateSet({ key, taken_at: sql`now()` })
        .where((eb) =>
          eb.or([
            eb('twin_post_turns.key', '=', key),
            eb('twin_post_turns.taken_at', '<', sql<Date>`now() - make_interval(secs => ${POST_TURN_SECONDS})`),
            eb.exists(eb.selectFrom('twin_writings').select('key').whereRef('key', '=', 'twin_post_turns.key')),
            eb.exists(eb.selectFrom('twin_drafts').select('key').whereRef('key', '=', 'twin_post_turns.key')),
          ]),
        ),
    )
    .returning('key')
    .executeTakeFirst();
  if (taken) return { taken: true };
  // Refused: when the other post's turn lapses (it may have ended since; then at once).
  const held = await db
    .selectFrom('twin_post_turns')
    .select(
      sql<number>`extract(epoch from taken_at + make_interval(secs => ${POST_TURN_SECONDS}) - now())::float8`.as(
        'lapses_in',
      ),
    )
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  return { taken: false, lapsesInSeconds: held?.lapses_in ?? 0 };
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
