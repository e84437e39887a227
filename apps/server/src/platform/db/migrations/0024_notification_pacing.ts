import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The last 30-s slot a rate-limited notice reserved on this token: the next one queues behind it,
  // so an owner's notices that met go out one per slot, in order, rather than colliding again.
  await db.schema.alterTable('notification_tokens').addColumn('paced_until', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notification_tokens').dropColumn('paced_until').execute();
}
