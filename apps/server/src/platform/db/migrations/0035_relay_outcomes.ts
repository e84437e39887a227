import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('battery_relays')
    // What the chain did with the relayed transaction, once its receipt is read (relay/): the day's
    // cap counts none that reverted, and a payer or client address whose relay reverted gets no more that day.
    .addColumn('outcome', 'text', (column) => column.check(sql`outcome in ('succeeded', 'reverted')`))
    // The client's address as the rate limits see it; null when unknown.
    .addColumn('client_ip', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('battery_relays').dropColumn('outcome').dropColumn('client_ip').execute();
}
