import type { CastLearningResponse } from '@fartwin/protocol';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { FarcasterCast, FarcasterData } from '../../providers/farcaster-data.ts';
import { CHARACTER_CAST_LIMIT, type Character, characterSchema, MEMORY_CAST_LIMIT } from '../../twin/character.ts';
import { saveCharacter } from './voice-service.ts';

/** How many of its newest posts and replies a character shows a model (twin/character.ts buildCharacter). */
const EXAMPLE_POSTS = 8;
const EXAMPLE_REPLIES = 5;

export interface CastLearningDeps {
  db: Db;
  /** The owner's casts: Neynar in production (its own budget per call), the local network locally. */
  farcaster: FarcasterData;
}

/** The character with the new casts in front (newest first), bounded at MEMORY_CAST_LIMIT. */
export function withNewCasts(
  character: Character,
  fresh: readonly Pick<FarcasterCast, 'text' | 'parentHash'>[],
): Character {
  const posts = fresh.filter((cast) => cast.parentHash === null).map((cast) => cast.text);
  const replies = fresh.filter((cast) => cast.parentHash !== null).map((cast) => cast.text);
  return {
    ...character,
    casts: [...fresh.map((cast) => cast.text), ...character.casts].slice(0, MEMORY_CAST_LIMIT),
    examplePosts: [...posts, ...character.examplePosts].slice(0, EXAMPLE_POSTS),
    exampleReplies: [...replies, ...character.exampleReplies].slice(0, EXAMPLE_REPLIES),
  };
}

/**
 * Reads the owner's recent casts and adds to the twin's memory those newer than the newest it has
 * learned (and not already in it, word for word): memory grows by what is new, never rebuilt. With a
 * `day` (the daily schedule), at most once per twin and day: the day's row is the exactly-once key,
 * taken in the same transaction as the change, so a retry or another replica changes nothing.
 * Null when that day was already learned.
 */
export async function learnFromCasts(
  deps: CastLearningDeps,
  agentId: string,
  day?: number,
): Promise<CastLearningResponse | null> {
  const { db } = deps;
  const agent = await db.selectFrom('agents').select('owner_fid').where('agent_id', '=', agentId).executeTakeFirst();
  if (!agent) throw new HttpError(404, 'unknown_agent', `No agent with id ${agentId}`);
  // Outside the transaction: no row stays locked while the provider answers.
  const casts = (await deps.farcaster.getRecentCasts(agent.owner_fid, CHARACTER_CAST_LIMIT)).filter(
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
    const row = await trx
      .selectFrom('agents')
      .select('character')
      .where('agent_id', '=', agentId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const character = characterSchema.parse(row.character);
    const learning = await trx
      .selectFrom('twin_cast_learning')
      .select('newest_cast_at')
      .where('agent_id', '=', agentId)
      .executeTakeFirst();
    const after = learning?.newest_cast_at?.getTime() ?? Number.NEGATIVE_INFINITY;
    const known = new Set(character.casts);
    const fresh = casts
      .filter((cast) => cast.createdAt.getTime() > after && !known.has(cast.text))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    if (fresh.length > 0) await saveCharacter(trx, agentId, withNewCasts(character, fresh));

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
        .set({ learned: fresh.length })
        .where('agent_id', '=', agentId)
        .where('day', '=', day)
        .execute();
    }
    return {
      agentId,
      learned: fresh.length,
      castsKnown: Math.min(MEMORY_CAST_LIMIT, character.casts.length + fresh.length),
      learnedAt: learned.learned_at.toISOString(),
    };
  });
}
