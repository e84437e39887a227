import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOldLearningDays, LEARNING_DAYS_KEPT } from '../src/owner-controls/voice/learning-days-cleanup.ts';
import { CAST_LEARNING_QUEUE, twinsDueForLearning } from '../src/owner-controls/voice/learning-schedule.ts';
import { knownClockSeconds } from '../src/platform/chain/life-index-state.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import type { TwinRecord } from '../src/twins/repository.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createTwin } from './twins.ts';
import { waitFor } from './wait-for.ts';

const DAY = 86_400;

describe('the daily cast learning (owner-controls/voice/learning-schedule.ts)', () => {
  let server: TestServer;
  /** Alive, and dead (its battery ran out a minute ago); a third twin is not in the life index at all. */
  let alive: TwinRecord;
  let dead: TwinRecord;

  beforeAll(async () => {
    server = await startTestServer();
    await seedLocalNetwork(server.db, server.config.publicUrl);
    alive = await createTwin(server.db, 1001);
    dead = await createTwin(server.db, 1002);
    await createTwin(server.db, 1004);
    const now = await knownClockSeconds(server.db);
    // As the LifeExtended indexer stores them.
    await server.db
      .insertInto('agent_lives')
      .values([
        { agent_id: alive.agentId, expires_at: now + 7 * DAY },
        { agent_id: dead.agentId, expires_at: now - 60 },
      ])
      .execute();
  }, 120_000);
  afterAll(() => server?.close());

  it('hands only living twins to the day’s jobs: a dead twin spends no provider call on learning', async () => {
    const now = await knownClockSeconds(server.db);
    // A day the service's own tick does not use.
    expect(await twinsDueForLearning(server.db, { day: 30_000, now, limit: 10 })).toEqual([alive.agentId]);

    // The service's own tick: the living twin learns today (the positive signal that a tick ran after
    // the lives were stored), and no job was ever queued for the others.
    const today = Math.floor(now / DAY);
    await waitFor(
      () =>
        server.db
          .selectFrom('twin_learning_days')
          .select('agent_id')
          .where('agent_id', '=', alive.agentId)
          .where('day', '=', today)
          .execute(),
      (rows) => rows.length === 1,
      "the living twin's learning today",
    );
    const { rows } = await sql<{ agent_id: string }>`
      select data->>'agentId' as agent_id from pgboss.job where name = ${CAST_LEARNING_QUEUE}`.execute(server.db);
    // (A tick may queue the living twin's job again while the first runs: its day row keeps it once.)
    expect([...new Set(rows.map((row) => row.agent_id))]).toEqual([alive.agentId]);
    const learned = await server.db.selectFrom('twin_learning_days').select('agent_id').execute();
    expect(learned.map((row) => row.agent_id)).toEqual([alive.agentId]);
  });

  it('deletes the day rows past the kept days, in batches; the kept days stay', async () => {
    // Days well before the clock's (the service's own tick keeps writing today's rows meanwhile).
    const today = Math.floor((await knownClockSeconds(server.db)) / DAY) - 100;
    const days = Array.from({ length: LEARNING_DAYS_KEPT + 3 }, (_, index) => today - index);
    await server.db
      .insertInto('twin_learning_days')
      .values(days.flatMap((day) => [alive, dead].map((twin) => ({ agent_id: twin.agentId, day, learned: 0 }))))
      .execute();
    const kept = days.slice(0, LEARNING_DAYS_KEPT);
    const stored = async () =>
      (
        await server.db
          .selectFrom('twin_learning_days')
          .select('day')
          .distinct()
          .where('day', '<=', today)
          .orderBy('day', 'desc')
          .execute()
      ).map((row) => row.day);
    // Three days past the window, two twins each: six rows, in batches of four.
    expect(await deleteOldLearningDays(server.db, today, 4)).toBe(6);
    expect(await stored()).toEqual(kept);
    expect(await deleteOldLearningDays(server.db, today, 4)).toBe(0);
  });
});
