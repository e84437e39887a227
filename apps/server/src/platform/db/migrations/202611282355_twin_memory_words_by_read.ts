import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A twin learns a cast once by its words without an index on them: an index keyed by a hash of
  // the words puts each new cast on a random page of it, so learning a few casts wrote a page image
  // per cast, more the more the twin knew. The words are checked by a read as casts are inserted
  // (twin-mind/cast-memory-store.ts rememberCasts).
  await sql`drop index if exists twin_memory_words`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index if not exists twin_memory_words on twin_memory (agent_id, md5(text))`.execute(db);
}
