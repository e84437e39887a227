/**
 * The twin's actions at network scale, on the shared bot service (the production
 * bundle, Postgres, anvil; its 100,000 bulk twins):
 * - a schedule tick with both schedules on for 100,000 and then 1,000,000 twins (seeded in SQL), the
 *   same number of slots due each time: the tick's own time (its log line) and its growth, against
 *   one bare pg-boss insert of as many no-op jobs;
 * - tags answered per second and p99 tag-to-reply (echo engine; casts published through the local
 *   network's HTTP API, times from the rows of the tag and of the twin's reply) at a sustained
 *   rate, against a bare pg-boss producer and worker doing as many no-op jobs at the same rate;
 * - the bot service's peak RSS beside the bare pg-boss process's.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { waitUntil } from '@fartwin/localstack';
import pg from 'pg';
import { startBareQueue } from './support/bare-queue.ts';
import type { BotService } from './support/bot-service.ts';
import type { Benchmark } from './support/context.ts';
import { insertBulkAgents } from './support/directory-rows.ts';
import { watchPeakRss } from './support/peak-rss.ts';
import { progress } from './support/progress.ts';
import type { BenchResult } from './support/report.ts';
import {
  firstCastAt,
  firstReplies,
  insertBulkSchedules,
  makeSchedulesDue,
  pendingTwinWrites,
  scheduleClock,
  setAsideSchedules,
} from './support/schedule-rows.ts';
import { BULK_AGENTS } from './support/seed.ts';
import { median, percentile, spread } from './support/stats.ts';

const NETWORK_TWINS = 1_000_000;
/** Twins whose two schedules are made due before each tick: 500 schedules, 1,000 slots. */
const DUE_TWINS = 250;
const DUE_SLOTS = DUE_TWINS * 2 * 2;
const TICKS = { warmUp: 1, iterations: 5 };
/** The sustained tag stream: TAGS casts at TAGS_PER_SECOND, spread over the living sample twins. */
const TAGS = 100;
const TAGS_PER_SECOND = 5;

type TickLine = { schedules: number; jobs: number; ms: number };

/** Where each of the service's logs ends now. */
function logEnds(bot: BotService): Map<string, number> {
  return new Map(bot.logFiles().map((file) => [file, statSync(file).size]));
}

/** Schedule-tick log lines written since `ends` in any of the service's logs (a tick runs in one replica). */
function tickLinesSince(bot: BotService, ends: ReadonlyMap<string, number>): TickLine[] {
  return bot.logFiles().flatMap((logFile) => {
    const offset = ends.get(logFile) ?? 0;
    const size = statSync(logFile).size;
    if (size <= offset) return [];
    const buffer = Buffer.alloc(size - offset);
    const fd = openSync(logFile, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, offset);
    } finally {
      closeSync(fd);
    }
    return buffer
      .toString('utf8')
      .split('\n')
      .filter((line) => line.includes('"schedule tick"'))
      .map((line) => JSON.parse(line) as TickLine);
  });
}

/** A random living bulk twin among the first `twins` (one in four bulk twins is dead). */
function livingBulkTwin(twins: number): string {
  for (;;) {
    const n = 1 + Math.floor(Math.random() * twins);
    if (n % 4 !== 0) return `bulk-${n}`;
  }
}

/** Times `TICKS` schedule ticks of the running service, each with DUE_SLOTS slots made due. */
async function measureTicks(bot: BotService, client: pg.Client, twins: number) {
  const samples: { ms: number; jobs: number }[] = [];
  for (let round = 0; round < TICKS.warmUp + TICKS.iterations; round++) {
    const ids = new Set<string>();
    while (ids.size < DUE_TWINS) ids.add(livingBulkTwin(twins));
    const ends = logEnds(bot);
    const due = await makeSchedulesDue(client, [...ids], await scheduleClock(client));
    if (due !== DUE_TWINS * 2) throw new Error(`${due} schedules made due, not ${DUE_TWINS * 2}`);
    let tick: TickLine | undefined;
    await waitUntil(
      'a schedule tick that takes them',
      async () => {
        tick = tickLinesSince(bot, ends).find((line) => line.schedules >= due);
        return tick !== undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    ).catch((error: Error) => {
      // What the service did instead: the ticks it logged meanwhile and its last lines.
      const ticks = tickLinesSince(bot, ends).map((line) => JSON.stringify(line));
      throw new Error(`${error.message}\nticks since: ${ticks.join('\n') || 'none'}\n${bot.tail(15)}`);
    });
    if (!tick) throw new Error('no schedule tick took them');
    if (tick.jobs !== DUE_SLOTS) throw new Error(`the tick enqueued ${tick.jobs} jobs, not ${DUE_SLOTS}`);
    if (round >= TICKS.warmUp) samples.push({ ms: tick.ms, jobs: tick.jobs });
    // The jobs (skips: the bulk twins' switches are off by the time a job runs) drain before the next.
    await waitUntil('the twin writers to drain', async () => (await pendingTwinWrites(client)) === 0, {
      timeoutMs: 120_000,
      intervalMs: 200,
    });
    // Their real next slots may come within minutes: out of the way of the next round's count.
    await setAsideSchedules(client, [...ids], await scheduleClock(client));
  }
  return samples.map((sample) => sample.ms);
}

export const actions: Benchmark = {
  name: 'actions',
  async run(context, report) {
    const { bot, data } = await context.services();
    const client = new pg.Client({ connectionString: bot.databaseUrl });
    await client.connect();
    progress('starting the bare pg-boss producer and workers (a process of its own)');
    const bare = await startBareQueue(bot.databaseUrl);
    const memory = watchPeakRss([bot.pid, bare.pid]);
    try {
      // Tags at a sustained rate: each a new root cast by a signed-in user tagging a living twin.
      const twins = (
        (await (await fetch(`${bot.url}/local-network/twins`)).json()) as {
          twins: { agentId: string; fid: number; username: string }[];
        }
      ).twins.filter((twin) => data.twins.includes(twin.agentId));
      if (twins.length === 0) throw new Error('no living sample twin in the local network');
      progress(
        `${TAGS} tags at ${TAGS_PER_SECOND}/s to ${twins.length} twins, then as many no-op jobs on bare pg-boss`,
      );
      // Authors the twins answer: the quality filter (REPLY_MIN_USER_SCORE, 0.5 by default) skips the
      // low-score sample account, whose tags would never get the reply this times.
      const answerable = await client.query<{ fid: string }>(
        'select fid from social_accounts where fid = any($1::bigint[]) and score >= 0.5',
        [data.users.map((user) => user.fid)],
      );
      const answerableFids = new Set(answerable.rows.map((row) => Number(row.fid)));
      const authors = data.users.filter((user) => answerableFids.has(user.fid));
      if (authors.length === 0) throw new Error('no signed-in user above the quality score');
      const hashes: string[] = [];
      const started = performance.now();
      const sends: Promise<void>[] = [];
      for (let index = 0; index < TAGS; index++) {
        const wait = started + (index * 1000) / TAGS_PER_SECOND - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const twin = twins[index % twins.length]!;
        const author = authors[index % authors.length]!;
        sends.push(
          fetch(`${bot.url}/local-network/casts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ fid: author.fid, text: `@${twin.username} what would you cast about ${index}?` }),
          }).then(async (response) => {
            if (response.status !== 201)
              throw new Error(`POST /local-network/casts answered ${response.status}\n${bot.tail(8)}`);
            hashes.push(((await response.json()) as { hash: string }).hash);
          }),
        );
      }
      await Promise.all(sends);
      const twinFids = twins.map((twin) => twin.fid);
      await waitUntil(
        'every tag answered',
        async () => (await firstReplies(client, hashes, twinFids)).length === TAGS,
        {
          timeoutMs: 180_000,
          intervalMs: 200,
        },
      );
      const replies = await firstReplies(client, hashes, twinFids);
      const tagsSeconds = Math.max(...replies.map((reply) => reply.at)) - (await firstCastAt(client, hashes));
      const tagLatencies = replies.map((reply) => reply.ms);
      const noOps = await bare.stream(TAGS, TAGS_PER_SECOND);
      const detail = `${TAGS} at ${TAGS_PER_SECOND}/s`;
      report({
        benchmark: 'actions',
        metric: `tags answered per second (${TAGS_PER_SECOND}/s offered)`,
        unit: 'jobs/s',
        better: 'higher',
        subject: TAGS / tagsSeconds,
        baseline: TAGS / noOps.seconds,
        baselineLabel: 'bare pg-boss no-op jobs',
        detail: `${detail}, first tag to last reply; bare: first send to last done`,
      });
      report({
        benchmark: 'actions',
        metric: 'tag-to-reply p99',
        unit: 'ms',
        better: 'lower',
        subject: percentile(tagLatencies, 99),
        baseline: percentile(noOps.latencies, 99),
        baselineLabel: 'bare pg-boss send-to-done',
        detail: `${detail}; p50 ${median(tagLatencies).toFixed(1)} vs ${median(noOps.latencies).toFixed(2)} ms; tag row to reply row`,
      });

      // The schedule tick at 100,000 twins, then at 1,000,000, the same slots due each time.
      const clock = await scheduleClock(client);
      progress(`both schedules on for the ${BULK_AGENTS.toLocaleString('en-US')} bulk twins (SQL)`);
      await insertBulkSchedules(client, { from: 1, to: BULK_AGENTS, clock });
      const small = await measureTicks(bot, client, BULK_AGENTS);
      const inserts: number[] = [];
      for (let round = 0; round < TICKS.iterations; round++) inserts.push(await bare.insert(DUE_SLOTS));
      progress(
        `seeding ${(NETWORK_TWINS - BULK_AGENTS).toLocaleString('en-US')} more twins with both schedules on (SQL)`,
      );
      const seedStarted = performance.now();
      await insertBulkAgents(bot.databaseUrl, { from: BULK_AGENTS + 1, to: NETWORK_TWINS, total: NETWORK_TWINS });
      await insertBulkSchedules(client, { from: BULK_AGENTS + 1, to: NETWORK_TWINS, clock });
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      progress(`seeded in ${seedSeconds.toFixed(0)} s`);
      const large = await measureTicks(bot, client, NETWORK_TWINS);
      const tick = (twinCount: number, ms: number[], baseline: number[], label: string): BenchResult => ({
        benchmark: 'actions',
        metric: `schedule tick, ${twinCount.toLocaleString('en-US')} twins, ${DUE_SLOTS.toLocaleString('en-US')} slots due`,
        unit: 'ms',
        better: 'lower',
        subject: median(ms),
        baseline: median(baseline),
        baselineLabel: label,
        detail: `median of ${ms.length} ticks (${spread(ms)} ms); ${(median(ms) / DUE_SLOTS).toFixed(3)} ms per due slot`,
      });
      report(tick(BULK_AGENTS, small, inserts, 'one bare pg-boss insert of as many no-op jobs'));
      report({
        ...tick(NETWORK_TWINS, large, small, `the tick at ${BULK_AGENTS.toLocaleString('en-US')} twins`),
        detail: `${tick(NETWORK_TWINS, large, small, '').detail}; 900,000 twins seeded in ${seedSeconds.toFixed(0)} s`,
      });
      report({
        benchmark: 'actions',
        metric: 'schedule tick per due slot, 1,000,000 twins',
        unit: 'ms',
        better: 'lower',
        subject: median(large) / DUE_SLOTS,
        baseline: median(inserts) / DUE_SLOTS,
        baselineLabel: 'bare pg-boss insert per job',
        detail: `${DUE_SLOTS} slots (${DUE_TWINS * 2} schedules) per tick`,
      });
    } finally {
      const peak = memory.stop();
      report({
        benchmark: 'actions',
        metric: 'bot service peak RSS',
        unit: 'MB',
        better: 'lower',
        subject: peak[0]!,
        baseline: peak[1]!,
        baselineLabel: 'bare pg-boss process',
        detail: `peak resident set of each process over this benchmark (both Node ${process.version})`,
      });
      await bare.stop();
      await client.end();
    }
  },
};
