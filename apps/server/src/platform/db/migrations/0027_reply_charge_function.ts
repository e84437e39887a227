import { type Kysely, sql } from 'kysely';
import { installReplyChargeFunction } from '../functions/charge-twin-reply.ts';

/** Creates the reply charge function, as its one source (db/functions/charge-twin-reply.ts) has it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await installReplyChargeFunction(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function charge_twin_reply(text, text, bigint, text, int, int, int, int, int, int)`.execute(db);
}
