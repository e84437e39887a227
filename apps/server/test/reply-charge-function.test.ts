import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installReplyChargeFunction } from '../src/platform/db/functions/charge-twin-reply.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { chargeReply, type ReplyRules } from '../src/twin-actions/reply-rules.ts';
import { createTestDatabase } from './harness.ts';
import { createTwin } from './twins.ts';

const RULES: ReplyRules = { perAuthor: { hour: 2, day: 5 }, perTwin: { hour: 10, day: 10 }, minUserScore: 0 };

/** The reply charge's rule has one source, its module: every start installs it as written there. */
describe('the reply charge function', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let agentId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedLocalNetwork(database.db, 'http://localhost:3001');
    agentId = (await createTwin(database.db, 1001)).agentId;
  });
  afterAll(async () => database?.drop());

  it('is installed from its module by replicas starting together, and charges by its rule', async () => {
    await sql`drop function charge_twin_reply(text, text, bigint, text, int, int, int, int, int, int)`.execute(
      database.db,
    );
    await Promise.all(Array.from({ length: 4 }, () => installReplyChargeFunction(database.db)));

    const charge = (key: string) => chargeReply(database.db, RULES, { key, agentId, authorFid: 77, channel: 'cast' });
    expect(await charge('reply-1')).toBe('charged');
    expect(await charge('reply-2')).toBe('charged');
    // The author's hourly limit (2) is reached; a retry of a charged reply is still charged, once.
    expect(await charge('reply-3')).toBe('author-limit');
    expect(await charge('reply-1')).toBe('charged');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from twin_reply_charges`.execute(database.db);
    expect(rows[0]!.n).toBe(2);
  });
});
