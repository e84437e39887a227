import { type Kysely, sql } from 'kysely';

/**
 * Twins whose casts one statement moves into rows: a large table is moved in bounded steps (a twin
 * that learned for long holds up to 10,000 casts, so a statement writes at most 200,000 rows).
 */
const AGENTS_PER_BATCH = 20;

export async function up(db: Kysely<unknown>): Promise<void> {
  // What a twin knows of its owner, a row per cast (twin-mind/cast-memory-store.ts), searched by Postgres's
  // full-text search within one twin: btree_gin lets one GIN index hold the twin and the words.
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`
    create table if not exists twin_memory (
      agent_id text not null references agents (agent_id) on delete cascade,
      -- The cast's hash; casts known before their hash was kept have 'text:' and their text's md5.
      cast_hash text not null,
      kind text not null check (kind in ('post', 'reply')),
      text text not null check (length(text) <= 4000),
      -- For a reply, the cast it answers where the provider gives it.
      parent_text text check (length(parent_text) <= 4000),
      cast_at timestamptz not null,
      search tsvector generated always as (to_tsvector('english', text)) stored,
      parent_search tsvector generated always as (to_tsvector('english', coalesce(parent_text, ''))) stored,
      primary key (agent_id, cast_hash)
    )`.execute(db);
  // A twin learns a cast once, whichever hash it came with: the same words are the same memory.
  await sql`create unique index if not exists twin_memory_words on twin_memory (agent_id, md5(text))`.execute(db);
  await sql`create index if not exists twin_memory_newest on twin_memory (agent_id, cast_at desc)`.execute(db);
  await sql`create index if not exists twin_memory_search on twin_memory using gin (agent_id, search)`.execute(db);
  await sql`create index if not exists twin_memory_parent_search on twin_memory using gin (agent_id, parent_search)
    where parent_text is not null`.execute(db);

  // The casts kept inside each character move into rows, a batch of twins a statement; a twin whose
  // casts moved has none left in its character, so a second run (or one after a crash) moves the rest.
  // Newest first in the character: the first is a second before the twin's creation, the next two, …
  for (;;) {
    const moved = await sql`
      with batch as (
        select agent_id, character, created_at from agents
        where jsonb_typeof(character -> 'casts') = 'array' and jsonb_array_length(character -> 'casts') > 0
        limit ${AGENTS_PER_BATCH}
        for update
      ),
      inserted as (
        insert into twin_memory (agent_id, cast_hash, kind, text, cast_at)
        select batch.agent_id, 'text:' || md5(cast_text),
          case when (batch.character -> 'exampleReplies') ? cast_text then 'reply' else 'post' end,
          left(cast_text, 4000), batch.created_at - make_interval(secs => position)
        from batch, jsonb_array_elements_text(batch.character -> 'casts') with ordinality as casts (cast_text, position)
        on conflict do nothing
      )
      update agents set character = jsonb_set(agents.character, '{casts}', '[]'::jsonb)
      from batch where agents.agent_id = batch.agent_id`.execute(db);
    if (Number(moved.numAffectedRows ?? 0n) === 0) break;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists twin_memory`.execute(db);
}
