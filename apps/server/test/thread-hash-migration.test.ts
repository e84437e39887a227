import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/platform/db/database.ts';
import { migrateToLatest } from '../src/platform/db/database.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { createTestDatabase } from './harness.ts';

describe('the thread-hash migration on a local network that already has casts', () => {
  let database: { db: Db; drop(): Promise<void> };
  beforeAll(async () => {
    // Up to before 0011 only, as a developer's .data/pg from before it is.
    database = await createTestDatabase({ migrateTo: '0009_rate_limits_unlogged' });
  });
  afterAll(() => database?.drop());

  it("gives every existing cast its thread's first cast, at any depth, and the next local start the seed's scores", async () => {
    const { db } = database;
    await sql`insert into social_accounts (fid, username, display_name, custody_address)
      values (1020, 'just-arrived', 'Mo', '0x01'), (1004, 'moonmaxxer', 'Max', '0x02')`.execute(db);
    // A root, a chain 40 casts deep under it, a second root, and a reply to a cast the network never had.
    const depth = 40;
    const chain = Array.from({ length: depth }, (_, index) => `0xdeep${index}`);
    await sql`insert into social_casts (hash, fid, text, parent_hash) values ('0xroot', 1004, 'root', null)`.execute(
      db,
    );
    for (const [index, hash] of chain.entries()) {
      await sql`insert into social_casts (hash, fid, text, parent_hash)
        values (${hash}, 1004, 'reply', ${index === 0 ? '0xroot' : chain[index - 1]!})`.execute(db);
    }
    await sql`insert into social_casts (hash, fid, text, parent_hash)
      values ('0xother', 1020, 'another root', null), ('0xorphan', 1020, 'reply to elsewhere', '0xelsewhere')`.execute(
      db,
    );

    await migrateToLatest(db);
    const casts = await db.selectFrom('social_casts').select(['hash', 'thread_hash']).execute();
    const threadOf = new Map(casts.map((cast) => [cast.hash, cast.thread_hash]));
    expect(threadOf.get('0xroot')).toBe('0xroot');
    for (const hash of chain) expect(threadOf.get(hash)).toBe('0xroot');
    expect(threadOf.get('0xother')).toBe('0xother');
    expect(threadOf.get('0xorphan')).toBe('0xelsewhere');
    // Accounts seeded before scores existed hold the column's default until the local start that
    // follows the migrations gives the sample accounts the seed's scores (the newcomer's is low).
    const scores = () => db.selectFrom('social_accounts').select(['fid', 'score']).orderBy('fid').execute();
    expect(await scores()).toEqual([
      { fid: 1004, score: 0.7 },
      { fid: 1020, score: 0.7 },
    ]);
    expect(await seedLocalNetwork(db, 'http://localhost:3001')).toBe(0);
    expect(await scores()).toEqual([
      { fid: 1004, score: 0.83 },
      { fid: 1020, score: 0.18 },
    ]);
  });
});
