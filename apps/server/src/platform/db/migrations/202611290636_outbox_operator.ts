import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The operator's own transactions (a deploy's token and first battery, a local user's funding)
  // are signed through the outbox too: its nonce comes from the signer's row like every other's.
  await sql`alter table outbox_transactions drop constraint if exists outbox_transactions_kind_check`.execute(db);
  await sql`alter table outbox_transactions add constraint outbox_transactions_kind_check
    check (kind in ('withdrawal', 'keeper', 'relay', 'operator'))`.execute(db);
}

/** The operator's own rows go (deployments keep their hashes); the kinds are those before. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from outbox_transactions where kind = 'operator'`.execute(db);
  await sql`alter table outbox_transactions drop constraint if exists outbox_transactions_kind_check`.execute(db);
  await sql`alter table outbox_transactions add constraint outbox_transactions_kind_check
    check (kind in ('withdrawal', 'keeper', 'relay'))`.execute(db);
}
