import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installReplyChargeFunction } from '../src/platform/db/functions/charge-twin-reply.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { chargeReply, type ReplyRules } from '../src/twin-actions/reply-rules.ts';
import { cleanUpWriteRecords } from '../src/twin-actions/write-skips.ts';
import { createTestDatabase } from './harness.ts';
import { createTwin } from './twins.ts';

const RULES: ReplyRules = { perAuthor: { hour: 2, day: 5 }, perTwin: { hour: 10, day: 10 }, minUserScore: 0 };

/** The reply charge's rule has one source, its module: every start installs it as written there. */
describe('the reply charge function', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let agentId: string;
  let otherTwin: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedLocalNetwork(database.db, 'http://localhost:3001');
    agentId = (await createTwin(database.db, 1001)).agentId;
    otherTwin = (await createTwin(database.db, 1002)).agentId;
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

  type Channel = 'cast' | 'direct-message';
  /** A charge recorded `hoursAgo` hours ago by the database's clock, as a reply of that time left it. */
  const chargedAgo = async (hoursAgo: number, charge: { agentId: string; authorFid: number; channel: Channel }) => {
    const key = `backdated-${charge.agentId}-${charge.authorFid}-${charge.channel}-${hoursAgo}-${Math.random()}`;
    await database.db
      .insertInto('twin_reply_charges')
      .values({
        key,
        agent_id: charge.agentId,
        author_fid: charge.authorFid,
        channel: charge.channel,
        charged_at: sql<Date>`now() - make_interval(hours => ${hoursAgo})`,
      })
      .execute();
    return key;
  };
  const chargeWith = (rules: ReplyRules, key: string, who: { agentId: string; authorFid: number; channel: Channel }) =>
    chargeReply(database.db, rules, { key, ...who });

  it("counts an author's replies of the last 24 hours in each channel apart: 2 and 23 hours ago count, 25 do not", async () => {
    // The day's limit binds, never the hour's (none of the earlier charges is within the hour).
    const rules: ReplyRules = { perAuthor: { hour: 10, day: 3 }, perTwin: { hour: 100, day: 100 }, minUserScore: 0 };
    const cast = { agentId, authorFid: 501, channel: 'cast' as const };
    for (const hoursAgo of [2, 23, 25]) await chargedAgo(hoursAgo, cast);
    // The other channel's day is full, and counts nothing here.
    const message = { ...cast, channel: 'direct-message' as const };
    for (let index = 0; index < 3; index++) await chargedAgo(2, message);

    // Two in the day: one more is charged (were 25 hours counted, none would be), then the limit.
    expect(await chargeWith(rules, 'author-day-1', cast)).toBe('charged');
    expect(await chargeWith(rules, 'author-day-2', cast)).toBe('author-limit');
    expect(await chargeWith(rules, 'author-day-3', message)).toBe('author-limit');
    // The same author on another twin draws on the same day.
    expect(await chargeWith(rules, 'author-day-4', { ...cast, agentId: otherTwin })).toBe('author-limit');
  });

  it("counts a twin's replies of the last 24 hours in each channel apart: 2 and 23 hours ago count, 25 do not", async () => {
    const rules: ReplyRules = { perAuthor: { hour: 10, day: 10 }, perTwin: { hour: 10, day: 3 }, minUserScore: 0 };
    const cast = (authorFid: number) => ({ agentId: otherTwin, authorFid, channel: 'cast' as const });
    const message = (authorFid: number) => ({ ...cast(authorFid), channel: 'direct-message' as const });
    for (const [index, hoursAgo] of [2, 23, 25].entries()) await chargedAgo(hoursAgo, cast(601 + index));
    for (let index = 0; index < 3; index++) await chargedAgo(2, message(611 + index));

    // Whoever asks, two in the twin's day: one more, then the limit.
    expect(await chargeWith(rules, 'twin-day-1', cast(621))).toBe('charged');
    expect(await chargeWith(rules, 'twin-day-2', cast(622))).toBe('twin-limit');
    expect(await chargeWith(rules, 'twin-day-3', message(623))).toBe('twin-limit');
  });

  it('an hour counts the last 60 minutes only', async () => {
    const rules: ReplyRules = { perAuthor: { hour: 1, day: 10 }, perTwin: { hour: 100, day: 100 }, minUserScore: 0 };
    const cast = { agentId, authorFid: 701, channel: 'cast' as const };
    await chargedAgo(2, cast);
    expect(await chargeWith(rules, 'author-hour-1', cast)).toBe('charged');
    expect(await chargeWith(rules, 'author-hour-2', cast)).toBe('author-limit');
  });

  it('the cleanup deletes the charges no limit counts any more: those of 2 and 23 hours ago stay, 26 go', async () => {
    const who = { agentId, authorFid: 801, channel: 'cast' as const };
    const kept = [await chargedAgo(2, who), await chargedAgo(23, who)];
    // Past the 25 hours the cleanup keeps by a whole hour: one charged exactly 25 hours before the
    // cleanup reads its clock (the same millisecond on a quick machine) is on the line either way.
    const old = await chargedAgo(26, who);
    const keys = [...kept, old];
    await cleanUpWriteRecords(database.db);
    const left = await database.db.selectFrom('twin_reply_charges').select('key').where('key', 'in', keys).execute();
    expect(left.map((row) => row.key).sort()).toEqual([...kept].sort());
    // What is left still counts: the author's day (limit 3) has room for exactly one more.
    const rules: ReplyRules = { perAuthor: { hour: 10, day: 3 }, perTwin: { hour: 100, day: 100 }, minUserScore: 0 };
    expect(await chargeWith(rules, 'after-cleanup-1', who)).toBe('charged');
    expect(await chargeWith(rules, 'after-cleanup-2', who)).toBe('author-limit');
  });
});
