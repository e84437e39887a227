import { type Kysely, sql } from 'kysely';

/**
 * The schedules' tick asks, per due schedule, whether the twin is alive (agent_lives.expires_at)
 * and whose it is (agents.owner_fid, for the owner's notification token). With these covering
 * indexes Postgres answers both from the index alone (an index-only scan), without reading the
 * table's row: at a million twins those rows no longer fit in memory, and each read was a miss.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index agents_owner_by_id on agents (agent_id) include (owner_fid)`.execute(db);
  await sql`create index agent_lives_expiry_by_id on agent_lives (agent_id) include (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('agent_lives_expiry_by_id').execute();
  await db.schema.dropIndex('agents_owner_by_id').execute();
}
