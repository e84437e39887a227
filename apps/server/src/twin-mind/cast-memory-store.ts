import { createHash } from 'node:crypto';
import {
  asksAboutNow,
  avoidedTopicIn,
  type Character,
  type Recall,
  type RecalledCast,
  recallQueryOf,
  withRecall,
} from '@fartwin/echo';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { FarcasterCast } from '../platform/providers/farcaster-data.ts';

/**
 * What a twin knows of its owner: a row per cast in `twin_memory` (migration 0032), written by the
 * deploy and by learning as inserts of the new casts only, and read per message by retrieval in one
 * statement. No writer loads a twin's whole memory.
 */

/** One of the owner's casts, as the twin remembers it. */
export interface MemoryCast {
  /** The cast's hash; castKeyOf(text) for casts known by their words only. */
  hash: string;
  text: string;
  kind: 'post' | 'reply';
  /** For a reply, the cast it answers where the provider gives it. */
  parentText?: string | null;
  at: Date;
}

/** How many casts a twin's memory holds at most as it learns: the oldest go first. */
export const MEMORY_CAST_LIMIT = 10_000;

const WORDS_KEY = 'text:';

/** The key of a cast known by its words only (the characters that kept casts as text). */
export function castKeyOf(text: string): string {
  return `${WORDS_KEY}${createHash('md5').update(text).digest('hex')}`;
}

/** A cast's text as memory keeps it at most (characters); longer casts are long-form posts, cut. */
const MEMORY_TEXT_MAX_CHARS = 4_000;
/** Rows one insert or one trim statement writes or deletes at most; the next takes the rest. */
const MEMORY_BATCH = 1_000;

/** The provider's casts as memory rows (the owner's, newest first or not). */
export function memoryCastsOf(
  casts: readonly (Pick<FarcasterCast, 'hash' | 'text' | 'parentHash' | 'createdAt'> & {
    parentText?: string | null;
  })[],
): MemoryCast[] {
  return casts
    .filter((cast) => cast.text.trim().length > 0)
    .map((cast) => ({
      hash: cast.hash,
      text: cast.text,
      kind: cast.parentHash === null ? 'post' : 'reply',
      parentText: cast.parentText ?? null,
      at: cast.createdAt,
    }));
}

/**
 * Casts known by their words only, newest first (a character's `casts`), as rows: the newest a second
 * before `newestAt`, the next two, and so on, so their order is kept.
 */
export function memoryCastsFromTexts(
  texts: readonly string[],
  newestAt: Date,
  /** The replies among them, each with the text of the cast it answers where known (null where not). */
  replies: ReadonlyMap<string, string | null> = new Map(),
): MemoryCast[] {
  return texts
    .filter((text) => text.trim().length > 0)
    .map((text, index) => ({
      hash: castKeyOf(text),
      text,
      kind: replies.has(text) ? 'reply' : 'post',
      parentText: replies.get(text) ?? null,
      at: new Date(newestAt.getTime() - (index + 1) * 1000),
    }));
}

/**
 * Adds casts to a twin's memory, each once: by hash, and a cast known by its words only
 * (castKeyOf) is the same memory as a cast with those words, whichever comes first. Then keeps the
 * twin's bound by deleting its oldest rows in bounded batches. Answers how many casts were new.
 * Plain inserts of the new casts, checked by reads rather than by an index on the words (whose
 * random pages a few new casts would each touch): what a twin learns writes the same whatever it
 * knew before. Casts known by their words only come at a twin's deploy, when it knows little, so
 * only they are looked up by their text.
 */
export async function rememberCasts(
  db: Db,
  agentId: string,
  casts: readonly MemoryCast[],
  cap: number = MEMORY_CAST_LIMIT,
): Promise<number> {
  let added = 0;
  for (let start = 0; start < casts.length; start += MEMORY_BATCH) {
    const batch = casts.slice(start, start + MEMORY_BATCH);
    const result = await sql`
      insert into twin_memory (agent_id, cast_hash, kind, text, parent_text, cast_at)
      select ${agentId}, hash, kind, left(text, ${MEMORY_TEXT_MAX_CHARS}), left(parent_text, ${MEMORY_TEXT_MAX_CHARS}), at
      from unnest(${batch.map((cast) => cast.hash)}::text[], ${batch.map((cast) => cast.kind)}::text[],
                  ${batch.map((cast) => cast.text)}::text[], ${batch.map((cast) => cast.parentText ?? null)}::text[],
                  ${batch.map((cast) => cast.at.toISOString())}::timestamptz[]) as cast_row (hash, kind, text, parent_text, at)
      where not exists (
        select 1 from twin_memory known
        where known.agent_id = ${agentId} and known.cast_hash = 'text:' || md5(cast_row.text))
      ${
        batch.some((cast) => cast.hash.startsWith(WORDS_KEY))
          ? sql`and not exists (
              select 1 from twin_memory known
              where known.agent_id = ${agentId} and known.text = left(cast_row.text, ${MEMORY_TEXT_MAX_CHARS}))`
          : sql``
      }
      on conflict do nothing`.execute(db);
    added += Number(result.numAffectedRows ?? 0n);
  }
  if (added > 0) await trimMemory(db, agentId, cap);
  return added;
}

/**
 * Deletes a twin's oldest casts beyond `cap`, a bounded batch a statement. Only a twin that learned
 * more than it may keep has anything to delete: the first statement finds the cap's row by the
 * (agent_id, cast_at) index and stops there.
 */
export async function trimMemory(db: Db, agentId: string, cap: number = MEMORY_CAST_LIMIT): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await sql`
      delete from twin_memory where agent_id = ${agentId} and cast_hash in (
        select cast_hash from twin_memory where agent_id = ${agentId}
        order by cast_at desc, cast_hash desc offset ${cap} limit ${MEMORY_BATCH})`.execute(db);
    const count = Number(result.numAffectedRows ?? 0n);
    deleted += count;
    if (count < MEMORY_BATCH) return deleted;
  }
}

/** How many casts a twin remembers (at most its cap). */
export async function memorySize(db: Db, agentId: string): Promise<number> {
  const row = await db
    .selectFrom('twin_memory')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** The newest casts of a twin, newest first: what topics and style are measured on as it learns. */
export async function newestCasts(db: Db, agentId: string, limit: number): Promise<MemoryCast[]> {
  const rows = await db
    .selectFrom('twin_memory')
    .select(['cast_hash', 'text', 'kind', 'parent_text', 'cast_at'])
    .where('agent_id', '=', agentId)
    .orderBy('cast_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    hash: row.cast_hash,
    text: row.text,
    kind: row.kind,
    parentText: row.parent_text,
    at: row.cast_at,
  }));
}

/** How many casts retrieval brings for one message: those most relevant, and the newest besides. */
export interface RecallLimits {
  relevant: number;
  newest: number;
  /**
   * The owner's replies to casts most like the message, as examples of how they answer; as many
   * again of their rewrites on Activity.
   */
  examples: number;
}

/**
 * Enough casts to fill a model prompt's recall budget (about 1,500 tokens, a cast about 25): the
 * prompt takes the relevant ones first and cuts the newest where the budget ends. What the person
 * answers often bears on the owner's casts by more than shared words ("bread" and "a loaf"), so the
 * budget is spent on as much of the owner as fits rather than left mostly empty.
 */
export const RECALL_LIMITS: RecallLimits = { relevant: 32, newest: 40, examples: 4 };

/**
 * The most matching casts one message ranks: the newest matches, taken through an index before any
 * rank is computed, so the statement's cost does not grow with the twin's memory.
 */
const RECALL_CANDIDATES = 128;

interface RecallRow {
  text: string;
  score: number;
  kind: 'post' | 'reply';
  at: string;
  relevant: boolean;
  parent_text: string | null;
  example: boolean;
}

/**
 * What a twin recalls for a message, in one statement: the casts most relevant to it (full-text
 * search over the twin's rows, ranked, the newest casts boosted for questions about now), its newest
 * casts (what it is up to, as a prompt always had them), and the owner's replies to the casts most
 * like the message, as examples of how they answer. Never a cast on a topic the owner avoids. An empty
 * message (a post) recalls the newest casts alone.
 */
export async function recallFor(
  db: Db,
  agentId: string,
  character: Character,
  message: string,
  limits: RecallLimits = RECALL_LIMITS,
): Promise<Recall> {
  const query = message.trim() ? recallQueryOf(message, character) : '';
  const now = message.trim() ? asksAboutNow(message, character) : true;
  // A few more than asked, for the ones an avoided topic takes out.
  const avoids = (character.owner?.avoidTopics.length ?? 0) > 0;
  const spare = (limit: number) => (avoids ? limit * 2 : limit);
  // Candidates are bounded before anything is ranked: the newest matches of the message's words,
  // found through the index (the (agent_id, cast_at) index walked with the match as a filter when
  // the words are common, the GIN index when they are rare, as the planner estimates from the
  // query written out in each statement), so a reply costs the same from 100 casts as from 100,000.
  // The query is written out rather than joined from a CTE so that the planner sees its words.
  const q = sql`to_tsquery('english', ${query})`;
  const { rows } = await sql<RecallRow>`
    with matched as (
      select text, kind, cast_at, parent_text, search from twin_memory
      where agent_id = ${agentId} and ${query !== ''} and search @@ ${q}
      order by cast_at desc
      limit ${RECALL_CANDIDATES}
    ),
    relevant as (
      select text, kind, cast_at, parent_text,
        ts_rank_cd(search, ${q}, 1)
          * (1 + ${now ? 2 : 0.2} * exp(-extract(epoch from (now() - cast_at))::float8 / (86400 * 30))) as score
      from matched
      order by score desc, cast_at desc
      limit ${spare(limits.relevant)}
    ),
    newest as (
      select text, kind, cast_at, parent_text from twin_memory
      where agent_id = ${agentId}
      order by cast_at desc
      limit ${spare(limits.newest)}
    ),
    answered as (
      select text, kind, cast_at, parent_text, parent_search from twin_memory
      where agent_id = ${agentId} and ${query !== ''} and parent_text is not null and parent_search @@ ${q}
      order by cast_at desc
      limit ${RECALL_CANDIDATES}
    ),
    examples as (
      select text, kind, cast_at, parent_text, ts_rank_cd(parent_search, ${q}, 1) as score from answered
      order by score desc, cast_at desc
      limit ${spare(limits.examples)}
    ),
    taught as (
      select answer as text, 'reply' as kind, created_at as cast_at, message as parent_text,
        ts_rank_cd(message_search, ${q}, 1) as score
      from twin_examples
      where agent_id = ${agentId} and ${query !== ''} and message_search @@ ${q}
      order by score desc, created_at desc
      limit ${spare(limits.examples)}
    )
    select text, score::float8 as score, kind, cast_at::text as at, true as relevant, parent_text, false as example from relevant
    union all
    select text, 0::float8, kind, cast_at::text, false, parent_text, false from newest
    union all
    select text, score::float8, kind, cast_at::text, false, parent_text, true from examples
    union all
    select text, score::float8, kind, cast_at::text, true, parent_text, true from taught`.execute(db);

  const allowed = (text: string | null) => text === null || avoidedTopicIn(character, text) === null;
  const casts = new Map<string, RecalledCast>();
  const take = (relevant: boolean, limit: number) => {
    let taken = 0;
    for (const row of rows) {
      if (row.example || row.relevant !== relevant || taken >= limit || !allowed(row.text)) continue;
      taken++;
      if (!casts.has(row.text)) {
        casts.set(row.text, {
          text: row.text,
          kind: row.kind,
          at: new Date(row.at).toISOString(),
          relevant,
          score: Number(row.score),
          // What it answered, unless that is on a topic the owner avoids.
          parentText: allowed(row.parent_text) ? row.parent_text : null,
        });
      }
    }
  };
  take(true, limits.relevant);
  take(false, limits.newest);
  // The owner's rewrites ("taught", flagged `relevant` in the rows) before the replies they cast to
  // casts like the message: what the owner said they would answer weighs most. Each kind has its own
  // limit: rewrites on other questions that share a word with this one do not push out a reply the
  // owner cast to the very same question.
  const pairs = rows
    .filter((row) => row.example && row.parent_text !== null && allowed(row.text) && allowed(row.parent_text))
    .map((row) => ({ message: row.parent_text!, answer: row.text, taught: row.relevant, score: Number(row.score) }))
    .sort((a, b) => b.score - a.score);
  const examples = [
    ...pairs.filter((pair) => pair.taught).slice(0, limits.examples),
    ...pairs.filter((pair) => !pair.taught).slice(0, limits.examples),
  ];
  return {
    casts: [...casts.values()].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)),
    examples,
  };
}

/** An engine's input for one message: the character with the casts recalled for it, and the recall. */
export async function recalledFor(
  db: Db,
  agentId: string,
  character: Character,
  message: string,
): Promise<{ character: Character; recall: Recall }> {
  const recall = await recallFor(db, agentId, character, message);
  return { character: withRecall(character, recall), recall };
}
