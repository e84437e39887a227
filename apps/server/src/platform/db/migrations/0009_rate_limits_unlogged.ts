import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Rate-limit counters need no durability: unlogged, a chat's two counter writes commit without
  // waiting for a WAL flush (they sit before its first token). A crash or a failover to a standby
  // starts every counter again from zero, which lets a client in early once; that is all it costs.
  await sql`alter table rate_limits set unlogged`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rate_limits set logged`.execute(db);
}
