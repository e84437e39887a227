import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agents')
    // A sequence number breaks ties between twins created in the same instant (directory order).
    .addColumn('id', 'bigserial', (column) => column.notNull().unique())
    // Also the key of the twin's life on the FartwinLife contract: never changes once written.
    .addColumn('agent_id', 'text', (column) => column.primaryKey())
    // One twin per user: a retried deploy finds the existing row instead of making a second twin.
    .addColumn('owner_fid', 'bigint', (column) => column.notNull().unique())
    .addColumn('twin_fid', 'bigint', (column) => column.notNull())
    .addColumn('twin_username', 'text', (column) => column.notNull())
    .addColumn('twin_display_name', 'text', (column) => column.notNull())
    .addColumn('twin_pfp_url', 'text')
    .addColumn('wallet_address', 'text', (column) => column.notNull())
    .addColumn('token_address', 'text', (column) => column.notNull())
    .addColumn('token_symbol', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('active'))
    .addColumn('character', 'jsonb', (column) => column.notNull())
    .addColumn('choices', 'jsonb', (column) => column.notNull())
    // Millisecond precision, like a JS Date: the directory cursor carries created_at exactly.
    .addColumn('created_at', 'timestamptz(3)', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  // The directory pages newest first by (created_at, id): keyset pagination walks this index.
  await db.schema.createIndex('agents_directory_order').on('agents').columns(['created_at desc', 'id desc']).execute();

  await db.schema
    .createTable('chat_turns')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('agent_id', 'text', (column) => column.notNull().references('agents.agent_id').onDelete('cascade'))
    // The person chatting (anyone may chat with any twin); each has their own conversation.
    .addColumn('fid', 'bigint', (column) => column.notNull())
    .addColumn('role', 'text', (column) => column.notNull().check(sql`role in ('user', 'assistant')`))
    .addColumn('content', 'text', (column) => column.notNull())
    // Which engine wrote an assistant turn ('echo', 'llm' or 'none'); null for the user's turns.
    .addColumn('engine', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chat_turns_conversation').on('chat_turns').columns(['agent_id', 'fid', 'id']).execute();

  // Local Quick Auth: nonces we issued, so each sign-in message is accepted once. Kept in Postgres
  // so any replica can verify a nonce another one issued.
  await db.schema
    .createTable('auth_nonces')
    .addColumn('nonce', 'text', (column) => column.primaryKey())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('used_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_nonces').execute();
  await db.schema.dropTable('chat_turns').execute();
  await db.schema.dropTable('agents').execute();
}
