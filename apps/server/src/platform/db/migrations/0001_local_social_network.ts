import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('social_accounts')
    .addColumn('fid', 'bigint', (column) => column.primaryKey())
    .addColumn('username', 'text', (column) => column.notNull().unique())
    .addColumn('display_name', 'text', (column) => column.notNull())
    .addColumn('pfp_url', 'text')
    .addColumn('bio', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('custody_address', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('social_casts')
    .addColumn('id', 'bigserial', (column) => column.notNull().unique())
    .addColumn('hash', 'text', (column) => column.primaryKey())
    .addColumn('fid', 'bigint', (column) => column.notNull().references('social_accounts.fid').onDelete('cascade'))
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('parent_hash', 'text')
    .addColumn('embeds', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  // Feeds and persona building read a user's casts newest first.
  await db.schema
    .createIndex('social_casts_fid_created')
    .on('social_casts')
    .columns(['fid', 'created_at desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_casts').execute();
  await db.schema.dropTable('social_accounts').execute();
}
