import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The owner's controls beside the four /info switches (twin-switches/switches.ts): one switch
  // that stops everything the twin does on its own, and per action "ask me first".
  await db.schema
    .alterTable('agent_actions')
    .addColumn('paused', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('posts_ask_first', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('replies_ask_first', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();

  // Skips now cover posts and digests too (paused), drafts left unreviewed, and a post has no author.
  await sql`alter table twin_write_skips drop constraint twin_write_skips_kind_check`.execute(db);
  await sql`alter table twin_write_skips add constraint twin_write_skips_kind_check
    check (kind in ('thread-reply', 'dm-reply', 'post', 'digest'))`.execute(db);
  await sql`alter table twin_write_skips drop constraint twin_write_skips_reason_check`.execute(db);
  await sql`alter table twin_write_skips add constraint twin_write_skips_reason_check
    check (reason in ('author-limit', 'twin-limit', 'switched-off', 'dead', 'filtered', 'thread-bound',
      'paused', 'draft-expired'))`.execute(db);
  await sql`alter table twin_write_skips alter column author_fid drop not null`.execute(db);

  // A writing the owner asked to review first, under its writing key (twin-actions/writing-keys.ts):
  // 'pending' until the owner publishes (once: the status changes before the cast), discards it, or
  // it expires unreviewed (`expires_at`, on the schedules' clock).
  await db.schema
    .createTable('twin_drafts')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('agent_id', 'text', (column) => column.notNull().references('agents.agent_id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('post', 'thread-reply')`))
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('engine', 'text')
    .addColumn('parent_hash', 'text')
    .addColumn('thread_hash', 'text')
    .addColumn('counterpart_fid', 'bigint')
    .addColumn('clock_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'publishing', 'published', 'discarded', 'expired')`),
    )
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('cast_hash', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('twin_drafts_agent')
    .on('twin_drafts')
    .columns(['agent_id', 'created_at desc', 'key'])
    .execute();
  await db.schema
    .createIndex('twin_drafts_pending_expiry')
    .on('twin_drafts')
    .column('expires_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  // Activity pages through a twin's writings newest first (keyset on created_at, key).
  await db.schema
    .createIndex('twin_writings_agent_created')
    .on('twin_writings')
    .columns(['agent_id', 'created_at desc', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('twin_writings_agent_created').execute();
  await db.schema.dropTable('twin_drafts').execute();
  await sql`delete from twin_write_skips where kind in ('post', 'digest') or reason in ('paused', 'draft-expired')`.execute(
    db,
  );
  await sql`alter table twin_write_skips alter column author_fid set not null`.execute(db);
  await sql`alter table twin_write_skips drop constraint twin_write_skips_reason_check`.execute(db);
  await sql`alter table twin_write_skips add constraint twin_write_skips_reason_check
    check (reason in ('author-limit', 'twin-limit', 'switched-off', 'dead', 'filtered', 'thread-bound'))`.execute(db);
  await sql`alter table twin_write_skips drop constraint twin_write_skips_kind_check`.execute(db);
  await sql`alter table twin_write_skips add constraint twin_write_skips_kind_check
    check (kind in ('thread-reply', 'dm-reply'))`.execute(db);
  await db.schema
    .alterTable('agent_actions')
    .dropColumn('paused')
    .dropColumn('posts_ask_first')
    .dropColumn('replies_ask_first')
    .execute();
}
