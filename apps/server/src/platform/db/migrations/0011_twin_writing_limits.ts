import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Local casts carry their thread's first cast, as Neynar's casts do (`thread_hash`): every
  // per-thread bound of the twins' replies is keyed on it, at any depth. Existing casts get theirs
  // by walking up once, here.
  await sql`alter table social_casts add column thread_hash text`.execute(db);
  await sql`
    with recursive thread as (
      select hash, hash as root from social_casts where parent_hash is null
      union all
      select child.hash, thread.root from social_casts child join thread on child.parent_hash = thread.hash
    )
    update social_casts set thread_hash = thread.root from thread where social_casts.hash = thread.hash
  `.execute(db);
  // Replies whose parent the local network never had: the parent stands for the thread.
  await sql`update social_casts set thread_hash = coalesce(parent_hash, hash) where thread_hash is null`.execute(db);
  await sql`alter table social_casts alter column thread_hash set not null`.execute(db);
  await db.schema.createIndex('social_casts_thread').on('social_casts').column('thread_hash').execute();

  // A quality score per local account, as Neynar gives one per user (0 to 1: how likely the account
  // is not spam). Twins answer only accounts at or above REPLY_MIN_USER_SCORE. New local accounts
  // start above the default threshold, so the dev host's new users and twins are answered.
  await db.schema
    .alterTable('social_accounts')
    .addColumn('score', 'double precision', (column) =>
      column.notNull().defaultTo(0.7).check(sql`score >= 0 and score <= 1`),
    )
    .execute();
  // (Sample accounts seeded before scores existed get theirs from the local seed: social/local-network.ts.)

  // Replies a twin writes to someone, counted per author and per twin over the last hour and day
  // (REPLIES_PER_AUTHOR_*, REPLIES_PER_TWIN_*). One row per writing key: a retried job finds its
  // own charge and is not counted twice. Rows older than a day are deleted by a cleanup job.
  await db.schema
    .createTable('twin_reply_charges')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('agent_id', 'text', (column) => column.notNull().references('agents.agent_id').onDelete('cascade'))
    .addColumn('author_fid', 'bigint', (column) => column.notNull())
    .addColumn('channel', 'text', (column) => column.notNull().check(sql`channel in ('cast', 'direct-message')`))
    .addColumn('charged_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('twin_reply_charges_author')
    .on('twin_reply_charges')
    .columns(['author_fid', 'channel', 'charged_at'])
    .execute();
  await db.schema
    .createIndex('twin_reply_charges_twin')
    .on('twin_reply_charges')
    .columns(['agent_id', 'channel', 'charged_at'])
    .execute();
  await db.schema.createIndex('twin_reply_charges_age').on('twin_reply_charges').column('charged_at').execute();

  // What a twin did not write, and why (limits, switched off, dead, quality filter, thread bound):
  // once per writing key, for the owner's activity. Rows older than 30 days are deleted.
  await db.schema
    .createTable('twin_write_skips')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('agent_id', 'text', (column) => column.notNull().references('agents.agent_id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('thread-reply', 'dm-reply')`))
    .addColumn('reason', 'text', (column) =>
      column
        .notNull()
        .check(sql`reason in ('author-limit', 'twin-limit', 'switched-off', 'dead', 'filtered', 'thread-bound')`),
    )
    // The cast hash or direct message id it concerns, and who sent it.
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('author_fid', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('twin_write_skips_agent')
    .on('twin_write_skips')
    .columns(['agent_id', 'created_at desc'])
    .execute();
  await db.schema.createIndex('twin_write_skips_age').on('twin_write_skips').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('twin_write_skips').execute();
  await db.schema.dropTable('twin_reply_charges').execute();
  await db.schema.alterTable('social_accounts').dropColumn('score').execute();
  await db.schema.alterTable('social_casts').dropColumn('thread_hash').execute();
}
