import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The owner's rewrites of the twin's replies ("how I'd say it"), kept as examples that retrieval
  // prefers for similar messages (owner-controls/owner-examples.ts). One per rewritten writing.
  await sql`
    create table twin_examples (
      id bigserial primary key,
      agent_id text not null references agents (agent_id) on delete cascade,
      writing_key text not null,
      message text not null check (length(message) <= 1000),
      answer text not null check (length(answer) <= 1000),
      created_at timestamptz not null default now(),
      message_search tsvector generated always as (to_tsvector('english', message)) stored,
      unique (agent_id, writing_key)
    )`.execute(db);
  await sql`create index twin_examples_newest on twin_examples (agent_id, created_at desc, id desc)`.execute(db);
  await sql`create index twin_examples_search on twin_examples using gin (agent_id, message_search)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table twin_examples`.execute(db);
}
