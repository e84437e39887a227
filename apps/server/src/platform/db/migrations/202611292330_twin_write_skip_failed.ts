import { type Kysely, sql } from 'kysely';

const REASONS_BEFORE = `'author-limit', 'twin-limit', 'switched-off', 'dead', 'filtered', 'thread-bound', 'paused', 'draft-expired'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // A writing whose every try failed (its model down, say) is listed on the owner's Activity rather
  // than lost without a word. The new check is added without a scan under the table's lock, then
  // validated under a lock that lets writes go on.
  await sql`alter table twin_write_skips drop constraint twin_write_skips_reason_check`.execute(db);
  await sql
    .raw(
      `alter table twin_write_skips add constraint twin_write_skips_reason_check
        check (reason in (${REASONS_BEFORE}, 'failed')) not valid`,
    )
    .execute(db);
  await sql`alter table twin_write_skips validate constraint twin_write_skips_reason_check`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from twin_write_skips where reason = 'failed'`.execute(db);
  await sql`alter table twin_write_skips drop constraint twin_write_skips_reason_check`.execute(db);
  await sql
    .raw(
      `alter table twin_write_skips add constraint twin_write_skips_reason_check check (reason in (${REASONS_BEFORE}))`,
    )
    .execute(db);
}
