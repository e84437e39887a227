import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationTargets } from '../src/notify/notification-tokens.ts';
import { upsertLives } from '../src/platform/chain/life-indexer.ts';
import { lifeRows } from '../src/platform/chain/lives.ts';
import type { Db } from '../src/platform/db/database.ts';
import { bossOn } from '../src/platform/jobs/in-transaction.ts';
import { startJobQueue } from '../src/platform/jobs/job-queue.ts';
import { enqueueDueSchedules, type ScheduledJob, twinWriteKey } from '../src/twin-actions/twin-actions.ts';
import { createTestDatabase } from './harness.ts';

/** More twins than Postgres' 65,535 parameters of one statement. */
const TWINS = 70_000;
const DAY = 24 * 60 * 60;
/** The schedules' clock when both switches went on: far from the wall clock, nothing else is due then. */
const SINCE = 2_000_000_000;
/** A queue of this test's own, with the twin writers' policy and no worker: the jobs stay to be counted. */
const QUEUE = 'twin-write-scale-test';

describe(`the schedules' tick at ${TWINS.toLocaleString('en-US')} twins with both schedules on`, () => {
  let database: { db: Db; url: string; drop(): Promise<void> };
  let boss: PgBoss;
  const queued = async () =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from pgboss.job where name = ${QUEUE}`.execute(database.db))
        .rows[0]!.n,
    );
  const tick = (now: number) =>
    enqueueDueSchedules(database.db, now, (jobs, trx) =>
      boss.insert(
        jobs.map((job) => ({ name: QUEUE, data: job, singletonKey: twinWriteKey(job) })),
        { db: bossOn(trx) },
      ),
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    boss = await startJobQueue(database.url, pino({ level: 'silent' }));
    await boss.createQueue(QUEUE, { name: QUEUE, policy: 'stately' });
    // Twins alive, owners with notifications, both switches on since SINCE: in SQL, as a network's rows.
    await sql`
      insert into agents (agent_id, owner_fid, twin_fid, twin_username, twin_display_name, wallet_address,
                          token_address, token_symbol, character, choices)
      select md5('scale-' || n)::uuid::text, 2000000 + n, 3000000 + n, 'scale-' || n, 'Scale ' || n,
             '0x' || lpad(to_hex(n), 40, '0'), '0x' || lpad(to_hex(n), 40, 'b'), 'SCALE', '{}'::jsonb, '[]'::jsonb
      from generate_series(1, ${TWINS}) as n`.execute(database.db);
    await sql`
      insert into agent_lives (agent_id, expires_at) select agent_id, ${SINCE + 60 * DAY} from agents`.execute(
      database.db,
    );
    await sql`
      insert into notification_tokens (fid, app_fid, url, token)
      select owner_fid, 9152, 'http://127.0.0.1:9/notify', 'token-' || owner_fid from agents`.execute(database.db);
    await sql`
      insert into agent_actions (agent_id, reply_on_farcaster, reply_to_direct_messages, content_writer,
                                 notifications, content_writer_since, notifications_since)
      select agent_id, true, true, true, true, ${SINCE}, ${SINCE} from agents`.execute(database.db);
    await sql`
      insert into twin_schedules (agent_id, stream, after, next_slot_at)
      select agent_id, stream, ${SINCE}, ${SINCE} from agents, unnest(array['post', 'digest']) as stream`.execute(
      database.db,
    );
  }, 300_000);
  afterAll(async () => {
    await boss?.stop({ graceful: false, wait: true });
    await database?.drop();
  });

  it("a day's tick enqueues each twin's two posts and two digests, once", async () => {
    expect(await tick(SINCE + DAY)).toEqual({ schedules: 2 * TWINS, jobs: 4 * TWINS });
    expect(await queued()).toBe(4 * TWINS);
    const perTwin = await sql<{ kind: string; twins: number; slots: number }>`
      select data->>'kind' as kind, count(distinct data->>'agentId') as twins, count(*) as slots
      from pgboss.job where name = ${QUEUE} group by 1 order by 1`.execute(database.db);
    expect(perTwin.rows).toEqual([
      { kind: 'digest', twins: TWINS, slots: 2 * TWINS },
      { kind: 'post', twins: TWINS, slots: 2 * TWINS },
    ]);
    // Handled: the same clock again finds nothing due, and nothing is queued twice.
    expect(await tick(SINCE + DAY)).toEqual({ schedules: 0, jobs: 0 });
    expect(await queued()).toBe(4 * TWINS);
    // A batch enqueued again (a retried transaction) is refused by the jobs' exactly-once keys.
    const again = await sql<{ data: ScheduledJob }>`
      select data from pgboss.job where name = ${QUEUE} limit 3`.execute(database.db);
    await boss.insert(again.rows.map(({ data }) => ({ name: QUEUE, data, singletonKey: twinWriteKey(data) })));
    expect(await queued()).toBe(4 * TWINS);
  }, 600_000);

  it('a tick takes the schedules due by its clock and no others', async () => {
    const now = SINCE + DAY + 60;
    const dueBy = async (clock: number) =>
      (
        await sql<{ n: number }>`select count(*) as n from twin_schedules where next_slot_at <= ${clock}`.execute(
          database.db,
        )
      ).rows[0]!.n;
    // Those whose next slot came in the minute, and three more made due.
    await sql`
      update twin_schedules set next_slot_at = ${now}
      where agent_id in (select agent_id from agents order by agent_id limit 3) and stream = 'post'`.execute(
      database.db,
    );
    const due = await dueBy(now);
    expect(due).toBeGreaterThanOrEqual(3);
    expect((await tick(now)).schedules).toBe(due);
    expect(await dueBy(now)).toBe(0);
  });

  it('the other lists from a table or the chain reach SQL as one array, at any length', async () => {
    const twins = (await database.db.selectFrom('agents').select(['agent_id', 'owner_fid']).execute()).map((row) => ({
      agentId: row.agent_id,
      ownerFid: row.owner_fid,
    }));
    expect(twins).toHaveLength(TWINS);
    // A backfill's or a block range's expiries, one more than a parameter list can hold: a later one wins.
    await upsertLives(database.db, new Map(twins.map((twin) => [twin.agentId, SINCE + 90 * DAY])));
    // The lives of a page or a list of twins.
    const lives = await lifeRows(
      database.db,
      twins.map((twin) => twin.agentId),
    ).execute();
    expect(lives.filter((row) => !row.cursor)).toHaveLength(TWINS);
    const expiries = await sql<{ n: number }>`
      select count(*) as n from agent_lives where expires_at = ${SINCE + 90 * DAY}`.execute(database.db);
    expect(expiries.rows[0]!.n).toBe(TWINS);
    // The life watch's owners to notify.
    expect(
      await notificationTargets(
        database.db,
        twins.map((twin) => twin.ownerFid),
      ),
    ).toHaveLength(TWINS);
  });
});
