import type { CastLearningResponse } from '@fartwin/protocol';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { FarcasterCast, FarcasterData } from '../../platform/providers/farcaster-data.ts';
import {
  CHARACTER_CAST_LIMIT,
  type Character,
  characterSchema,
  type MemoryCast,
  memoryCastsOf,
  memorySize,
  newestCasts,
  profileCasts,
  rememberCasts,
} from '../../twin-mind/index.ts';
import { saveCharacter } from './voice-service.ts';

/** How many of its newest posts and replies a character shows a model (@fartwin/echo buildCharacter). */
const EXAMPLE_POSTS = 8;
/** How many of its newest casts a twin's topics and style are measured on as it learns. */
const PROFILED_CASTS = 500;
const EXAMPLE_REPLIES = 5;

export interface CastLearningDeps {
  db: Db;
  /** The owner's casts: Neynar in production (its own budget per call), the local network locally. */
  farcaster: FarcasterData;
  /** How many casts a twin remembers at most (config; MEMORY_CAST_LIMIT by default). */
  memoryCap?: number;
}

/**
 * The character once new casts are learned: the newest posts and replies as its examples, and its
 * topics and style measured again on its newest casts (`newest`, newest first, the new ones among
 * them), so "I mostly cast about …" follows what the owner casts about now.
 */
export function withNewCasts(
  character: Character,
  fresh: readonly Pick<FarcasterCast, 'text' | 'parentHash'>[],
  newest: readonly Pick<FarcasterCast, 'text' | 'parentHash'>[],
): Character {
  const posts = fresh.filter((cast) => cast.parentHash === null).map((cast) => cast.text);
  const replies = fresh.filter((cast) => cast.parentHash !== null).map((cast) => cast.text);
  const profile = profileCasts(newest);
  return {
    ...character,
    casts: [],
    topics: profile.topics,
    style: profile.style,
    examplePosts: [...posts, ...character.examplePosts].slice(0, EXAMPLE_POSTS),
    exampleReplies: [...replies, ...character.exampleReplies].slice(0, EXAMPLE_REPLIES),
  };
}

/**
 * Reads the owner's recent casts and adds to the twin's memory those newer than the newest it has
 * learned, as rows (twin-mind/cast-memory-store.ts: a cast already known, by hash or word for word, is
 * not added again): memory grows by what is new, never rebuilt. With a `day` (the daily schedule),
 * at most once per twin and day: the day's row is the exactly-once key, taken in the same
 * transaction as the change, so a retry or another replica changes nothing. Null when that day was
 * already learned.
 */
export async function learnFromCasts(
  deps: CastLearningDeps,
  agentId: string,
  day?: number,
): Promise<CastLearningResponse | null> {
  const { db } = deps;
  const twin = await db.selectFrom('agents').select('owner_fid').where('agent_id', '=', agentId).executeTakeFirst();
  if (!twin) throw new HttpError(404, 'unknown_agent', `No agent with id ${agentId}`);
  // Outside the transaction: no row stays locked while the provider answers.
  const casts = (await deps.farcaster.getRecentCasts(twin.owner_fid, CHARACTER_CAST_LIMIT)).filter(
    (cast) => cast.text.trim().length > 0,
  );

  return db.transaction().execute(async (trx) => {
    if (day !== undefined) {
      const claimed = await trx
        .insertInto('twin_learning_days')
        .values({ agent_id: agentId, day, learned: 0 })
        .onConflict((conflict) => conflict.doNothing())
        .returning('day')
        .executeTakeFirst();
      if (!claimed) return null;
    }
    // The twin's row, locked: one learning of a twin at a time, whichever replica runs it.
    const row = await trx
      .selectFrom('agents')
      .select('character')
      .where('agent_id', '=', agentId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const learning = await trx
      .selectFrom('twin_cast_learning')
      .select('newest_cast_at')
      .where('agent_id', '=', agentId)
      .executeTakeFirst();
    const after = learning?.newest_cast_at?.getTime() ?? Number.NEGATIVE_INFINITY;
    const candidates = casts
      .filter((cast) => cast.createdAt.getTime() > after)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const added = await rememberCasts(trx, agentId, memoryCastsOf(candidates), deps.memoryCap);
    if (added > 0) {
      const newest = await newestCasts(trx, agentId, PROFILED_CASTS);
      const asProvided = (cast: MemoryCast) => ({
        text: cast.text,
        parentHash: cast.kind === 'reply' ? 'reply' : null,
      });
      const known = new Set(newest.map((cast) => cast.text));
      // The casts the rows took (a cast known word for word was not added): the newest first.
      const fresh = candidates.filter((cast) => known.has(cast.text)).slice(0, added);
      await saveCharacter(
        trx,
        agentId,
        withNewCasts(characterSchema.parse(row.character), fresh, newest.map(asProvided)),
      );
    }

    const newest = Math.max(after, ...casts.map((cast) => cast.createdAt.getTime()));
    const learned = await trx
      .insertInto('twin_cast_learning')
      .values({
        agent_id: agentId,
        newest_cast_at: Number.isFinite(newest) ? new Date(newest) : null,
        learned_at: sql<Date>`now()`,
      })
      .onConflict((conflict) =>
        conflict.column('agent_id').doUpdateSet((eb) => ({
          newest_cast_at: eb.ref('excluded.newest_cast_at'),
          learned_at: eb.ref('excluded.learned_at'),
        })),
      )
      .returning('learned_at')
      .executeTakeFirstOrThrow();
    if (day !== undefined) {
      await trx
        .updateTable('twin_learning_days')
        .set({ learned: added })
        .where('agent_id', '=', agentId)
        .where('day', '=', day)
        .execute();
    }
    return {
      agentId,
      learned: added,
      castsKnown: await memorySize(trx, agentId),
      learnedAt: learned.learned_at.toISOString(),
    };
  });
}
