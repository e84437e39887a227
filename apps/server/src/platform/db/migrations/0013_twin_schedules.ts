import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per twin and schedule that is on (Content Writer: 'post', Notifications: 'digest'), so
  // the schedules' tick reads the slots due, not every twin. `after`: slots at or before it are
  // handled (or came before the switch went on). `next_slot_at`: when to look again, at or before
  // the first slot after `after`; the tick takes rows with next_slot_at <= now through its index.
  await db.schema
    .createTable('twin_schedules')
    .addColumn('agent_id', 'text', (column) => column.notNull().references('agents.agent_id').onDelete('cascade'))
    .addColumn('stream', 'text', (column) => column.notNull().check(sql`stream in ('post', 'digest')`))
    .addColumn('after', 'bigint', (column) => column.notNull())
    .addColumn('next_slot_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('twin_schedules_pkey', ['agent_id', 'stream'])
    .execute();
  await db.schema.createIndex('twin_schedules_due').on('twin_schedules').column('next_slot_at').execute();

  // A cast's twins are found by the fids and usernames it tags (twin-actions/twin-accounts.ts), once per
  // cast: by index, not by reading every twin.
  await db.schema.createIndex('agents_twin_fid').on('agents').column('twin_fid').execute();
  await db.schema
    .createIndex('agents_twin_username_lower')
    .on('agents')
    .expression(sql`lower(twin_username)`)
    .execute();

  // The schedules already on, from when they went on (a row without that time, from its last
  // change), due at once: the first tick works out each one's real next slot.
  for (const [stream, on, since] of [
    ['post', 'content_writer', 'content_writer_since'],
    ['digest', 'notifications', 'notifications_since'],
  ] as const) {
    await sql`
      insert into twin_schedules (agent_id, stream, after, next_slot_at)
      select agent_id, ${stream}, start, start
      from (select agent_id, coalesce(${sql.ref(since)}, floor(extract(epoch from updated_at))::bigint) as start
            from agent_actions where ${sql.ref(on)}) as turned_on`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('agents_twin_username_lower').execute();
  await db.schema.dropIndex('agents_twin_fid').execute();
  await db.schema.dropTable('twin_schedules').execute();
}
