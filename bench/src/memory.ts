import { apiPaths, type CastLearningResponse, ownerVoicePaths } from '@fartwin/protocol';
import pg from 'pg';
import { readChatStream } from './support/chat-stream.ts';
import type { Benchmark } from './support/context.ts';
import { CHAT_FAMILY, chatTwinId, insertBulkAgents } from './support/directory-rows.ts';
import { progress } from './support/progress.ts';
import { clientHeaders } from './support/sign-in.ts';
import { median, sampleInTurns, spread } from './support/stats.ts';

/** Casts in a twin's memory, as it grows by learning from its owner's casts (the last with its cap raised). */
const SIZES = [100, 1_000, 10_000, 100_000] as const;
const SAMPLES = { warmUp: 3, iterations: 25 };
/** Questions asked in turn: each finds casts by full-text search over the twin's rows. */
const QUESTIONS = ['what are you building this week?', 'any tips on testing contracts?', 'how was lunch today?'];
/** Rows one insert statement writes. */
const ROWS_PER_INSERT = 5_000;
/** Twins' sizes a learning of NEW_CASTS is measured into: the smaller is the baseline of the larger. */
const LEARNING_SIZES = [100, 10_000] as const;
const NEW_CASTS = 10;
/** Learnings measured per size (the owner may refresh 5 times in 10 minutes). */
const LEARNINGS = 3;
/** Each request's budget: a learning of a few casts takes well under a second on the bench's service. */
const REQUEST_TIMEOUT_MS = 30_000;
/**
 * Different twins chatted with, and the casts each remembers, for the bot service's peak RSS
 * (BENCH_MEMORY_RSS_TWINS, BENCH_MEMORY_RSS_CASTS: the full size writes 10,000,000 rows, which a
 * small machine may make smaller).
 */
const RSS_TWINS = Number(process.env.BENCH_MEMORY_RSS_TWINS ?? 1_000);
const RSS_CASTS = Number(process.env.BENCH_MEMORY_RSS_CASTS ?? 10_000);
/** Twins whose memory one statement writes. */
const RSS_TWINS_PER_INSERT = 10;
/** Chats sent at once. */
const RSS_CONCURRENCY = 4;
/** Words the generated casts are about: the chat's questions find some of them. */
const RSS_TOPICS = [
  'building',
  'contracts',
  'testing',
  'lunch',
  'coffee',
  'fuzzing',
  'weekend',
  'gas',
  'bikes',
  'music',
];

/**
 * The twin's memory made `size` rows: its own casts again and again, each copy told apart by a number
 * (as months of casts on the same topics read), newest first; as learning writes them, in SQL.
 */
async function growMemory(
  client: pg.Client,
  agentId: string,
  size: number,
  ownCasts: Map<string, { text: string; kind: string }[]>,
): Promise<void> {
  // Its deploy's casts, read before its first growth (a twin may grow again to another size).
  if (!ownCasts.has(agentId)) {
    const { rows } = await client.query<{ text: string; kind: string }>(
      'select text, kind from twin_memory where agent_id = $1 order by cast_at desc limit 500',
      [agentId],
    );
    ownCasts.set(agentId, rows);
  }
  const own = ownCasts.get(agentId)!;
  if (own.length === 0) throw new Error(`twin ${agentId} has no casts`);
  await client.query(`delete from twin_memory where agent_id = $1`, [agentId]);
  for (let start = 0; start < size; start += ROWS_PER_INSERT) {
    const indexes = Array.from({ length: Math.min(ROWS_PER_INSERT, size - start) }, (_, offset) => start + offset);
    await client.query(
      `insert into twin_memory (agent_id, cast_hash, kind, text, cast_at)
       select $1, 'bench:' || i, kind, text, now() - make_interval(secs => i * 60)
       from unnest($2::int[], $3::text[], $4::text[]) as copy (i, kind, text)`,
      [
        agentId,
        indexes,
        indexes.map((index) => own[index % own.length]!.kind),
        indexes.map((index) => {
          const copy = Math.floor(index / own.length);
          const text = own[index % own.length]!.text;
          return copy === 0 ? text : `${text} (${copy})`;
        }),
      ],
    );
  }
  await client.query('analyze twin_memory');
}

/**
 * Bytes of write-ahead log Postgres wrote while `action` ran: the WAL insert position before and after
 * (exact at once, where pg_stat_wal waits for each backend to flush its counters). A CHECKPOINT first,
 * so every page the action dirties is logged as a full-page image once, whatever ran before: the
 * bytes then count the pages a write touches as well as its records. Cluster-wide, so the service's
 * own background work in the same moment counts too (the median of several runs leaves it out).
 */
async function walBytesAround<T>(
  client: pg.Client,
  action: () => Promise<T>,
): Promise<{ bytes: number; result: T; from: string; to: string }> {
  await client.query('checkpoint');
  const { rows } = await client.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
  const result = await action();
  const after = await client.query<{ bytes: string; lsn: string }>(
    `select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn)::text as bytes,
       pg_current_wal_insert_lsn()::text as lsn`,
    [rows[0]!.lsn],
  );
  return { bytes: Number(after.rows[0]!.bytes), result, from: rows[0]!.lsn, to: after.rows[0]!.lsn };
}

/**
 * What a stretch of WAL holds (pg_walinspect, which ships with Postgres): the bytes of its records
 * without their full-page images (what was written, whichever pages a checkpoint had left clean),
 * and, to say where the bytes went, kB per relation (the first block a record references, else its
 * resource manager), full-page images included.
 */
async function walContents(client: pg.Client, from: string, to: string): Promise<{ records: number; by: string }> {
  await client.query('create extension if not exists pg_walinspect');
  const { rows } = await client.query<{ target: string; kb: string; records: string }>(
    `select coalesce(pg_filenode_relation(0, (regexp_match(block_ref, 'rel \\d+/\\d+/(\\d+)'))[1]::oid)::text,
                     resource_manager) as target,
            round(sum(record_length) / 1000.0, 1)::text as kb,
            sum(record_length - fpi_length)::text as records
     from pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn)
     group by 1 order by sum(record_length) desc`,
    [from, to],
  );
  return {
    records: rows.reduce((sum, row) => sum + Number(row.records), 0),
    by: rows
      .slice(0, 8)
      .map((row) => `${row.target} ${row.kb} kB`)
      .join(', '),
  };
}

async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * What one learning of NEW_CASTS wrote: rows (the learn's answer), WAL bytes, and WAL record bytes
 * without full-page images; the WAL bytes of a bare insert of the same rows.
 */
interface Learning {
  learned: number;
  bytes: number;
  recordBytes: number;
  bareBytes: number;
}

/**
 * The owner publishes NEW_CASTS casts on the local network and presses "Refresh from my casts" over
 * HTTP, into a twin grown to `size` casts; then the same casts go into its rows again as one bare
 * SQL insert (under other hashes and words), the least writing NEW_CASTS rows can cost, and are removed.
 */
async function learnInto(
  url: string,
  client: pg.Client,
  twin: { agentId: string; owner: { fid: number; token: string } },
  size: number,
  round: number,
): Promise<Learning> {
  const { agentId, owner } = twin;
  const texts = Array.from(
    { length: NEW_CASTS },
    (_, index) => `learning bench ${size} round ${round}: note ${index + 1} on gas golf, fuzzing and cold brew`,
  );
  for (const text of texts) await postJson(`${url}/local-network/casts`, { fid: owner.fid, text });
  const learning = await walBytesAround(client, () =>
    postJson<CastLearningResponse>(`${url}${ownerVoicePaths.learn(agentId)}`, undefined, {
      ...clientHeaders(owner.fid),
      authorization: `Bearer ${owner.token}`,
    }),
  );
  const bare = await walBytesAround(client, () =>
    client.query(
      `insert into twin_memory (agent_id, cast_hash, kind, text, cast_at)
       select $1, 'bench-bare:' || ordinality, 'post', text || ' (bare)', now()
       from unnest($2::text[]) with ordinality as cast_text (text, ordinality)`,
      [agentId, texts],
    ),
  );
  await client.query(`delete from twin_memory where agent_id = $1 and cast_hash like 'bench-bare:%'`, [agentId]);
  const contents = await walContents(client, learning.from, learning.to);
  progress(
    `learning into ${size} casts, round ${round}: ${(learning.bytes / 1000).toFixed(1)} kB of WAL (${(contents.records / 1000).toFixed(1)} kB without full-page images): ${contents.by}`,
  );
  return {
    learned: learning.result.learned,
    bytes: learning.bytes,
    recordBytes: contents.records,
    bareBytes: bare.bytes,
  };
}

/**
 * `twins` new twins, alive (bulk rows of their own, directory-rows.ts: those whose number is not a
 * multiple of four), each given `casts` casts in memory in SQL, as learning writes them; their ids.
 */
async function fillChatTwins(client: pg.Client, databaseUrl: string, twins: number, casts: number): Promise<string[]> {
  const alive = Array.from({ length: twins }, (_, index) => Math.floor(index / 3) * 4 + (index % 3) + 1);
  const total = alive.at(-1)!;
  await insertBulkAgents(databaseUrl, { from: 1, to: total, total }, CHAT_FAMILY);
  const ids = alive.map(chatTwinId);
  for (let start = 0; start < ids.length; start += RSS_TWINS_PER_INSERT) {
    await client.query(
      `insert into twin_memory (agent_id, cast_hash, kind, text, cast_at)
       select twin.id, 'rss:' || i, 'post',
              format('day %s: %s again, then %s, notes %s', i, ($3::text[])[1 + i % 10], ($3::text[])[1 + (i / 10) % 10], i % 97),
              now() - make_interval(mins => i)
       from unnest($1::text[]) as twin (id), generate_series(1, $2::int) as i`,
      [ids.slice(start, start + RSS_TWINS_PER_INSERT), casts, RSS_TOPICS],
    );
    if ((start / RSS_TWINS_PER_INSERT) % 20 === 0) progress(`${start + RSS_TWINS_PER_INSERT} of ${twins} twins filled`);
  }
  await client.query('vacuum analyze twin_memory');
  return ids;
}

/** Milliseconds from sending a chat message to the end of its streamed reply (a streamed error throws). */
async function timeToReply(url: string, init: RequestInit): Promise<number> {
  const { startedAt, endedAt } = await readChatStream(url, init);
  return endedAt - startedAt;
}

/**
 * `npm run bench -- memory`: a chat reply's time (echo engine, to the end of the streamed reply) from
 * one twin with 100, 1,000, 10,000 and 100,000 casts in memory, each against the bare SSE endpoint in
 * the same run. A living twin of the bench's service gets its memory grown in SQL as learning writes it;
 * the questions go over HTTP, each from the next signed-in user (the chat's per-user limit).
 *
 * Then learning NEW_CASTS new casts into a twin of 100 and of 10,000 casts, as its owner learns them
 * (published on the local network, "Refresh from my casts" over HTTP): the rows written (the learn's
 * answer) and the WAL bytes written, each size beside a bare insert of the same rows, and 10,000
 * beside 100, with full-page images and without: learning costs the same whatever the twin knew before.
 *
 * Last, the bot service's peak RSS while it answers one chat each from RSS_TWINS different twins of
 * RSS_CASTS casts (rows written in SQL), then the first twin again: its heap keeps characters, never
 * memories, so the peak does not grow with what the twins know.
 */
export const memory: Benchmark = {
  name: 'memory',
  async run(context, report) {
    const { bot, bare, data, watchMemory } = await context.services();
    if (data.twins.length === 0) throw new Error('needs a living twin');
    const client = new pg.Client({ connectionString: bot.databaseUrl });
    await client.connect();
    let turn = 0;
    const ownCasts = new Map<string, { text: string; kind: string }[]>();
    const init = (): RequestInit => {
      const user = data.users[turn % data.users.length]!;
      const conversation = QUESTIONS[turn++ % QUESTIONS.length]!;
      return {
        method: 'POST',
        headers: {
          ...clientHeaders(user.fid),
          'content-type': 'application/json',
          accept: 'text/event-stream',
          authorization: `Bearer ${user.token}`,
        },
        body: JSON.stringify({ conversation, fid: user.fid }),
      };
    };
    try {
      // One twin grown to each size in turn, so the replies differ only in how much it remembers (its
      // casts, words and topics stay the same: the larger memories are copies of the smaller).
      const agentId = data.twins[0]!;
      const replyTimes = new Map<number, number>();
      for (const size of SIZES) {
        await growMemory(client, agentId, size, ownCasts);
        progress(`${SAMPLES.warmUp + SAMPLES.iterations} replies each side, ${size} casts in memory`);
        const path = apiPaths.chat(agentId);
        const times = await sampleInTurns(SAMPLES, {
          twin: () => timeToReply(`${bot.url}${path}`, init()),
          bare: () => timeToReply(`${bare.url}${path}`, init()),
        });
        report({
          benchmark: 'memory',
          metric: `reply time, ${size.toLocaleString('en-US')} casts in memory (echo engine)`,
          unit: 'ms',
          better: 'lower',
          subject: median(times.twin),
          baseline: median(times.bare),
          baselineLabel: 'bare SSE endpoint',
          detail: `median of ${SAMPLES.iterations} after ${SAMPLES.warmUp} warm-ups (the first reads the grown memory); fartwin ${spread(times.twin)} ms, bare ${spread(times.bare)} ms`,
        });
        replyTimes.set(size, median(times.twin));
      }
      const [fewest, most] = [SIZES[0], SIZES.at(-1)!];
      report({
        benchmark: 'memory',
        metric: `reply time, ${most.toLocaleString('en-US')} vs ${fewest} casts in memory (echo engine)`,
        unit: 'ms',
        better: 'lower',
        subject: replyTimes.get(most)!,
        baseline: replyTimes.get(fewest)!,
        baselineLabel: `${fewest} casts`,
        detail: 'the same twin in the rows above; target ratio at most 1.2',
      });

      const learnings = new Map<number, Learning[]>();
      for (const [index, size] of LEARNING_SIZES.entries()) {
        // The sample twins' owners are the first signed-in users (seed.ts), in the same order.
        const twin = { agentId: data.twins[index % data.twins.length]!, owner: data.users[index % data.twins.length]! };
        progress(`${LEARNINGS} learnings of ${NEW_CASTS} new casts into a twin of ${size} casts`);
        const runs: Learning[] = [];
        for (let round = 1; round <= LEARNINGS; round++) {
          // Grown again each time, so each learning goes into a twin of exactly `size` casts; then
          // vacuumed as autovacuum leaves a living table, so the learning's reads do not prune the
          // growth's dead rows (which writes WAL) and autovacuum does not start during it.
          await growMemory(client, twin.agentId, size, ownCasts);
          await client.query('vacuum (analyze) twin_memory');
          runs.push(await learnInto(bot.url, client, twin, size, round));
        }
        learnings.set(size, runs);
        const learned = runs.map((run) => run.learned);
        report({
          benchmark: 'memory',
          metric: `learning ${NEW_CASTS} new casts into ${size.toLocaleString('en-US')} casts: rows written`,
          unit: 'rows',
          better: 'lower',
          subject: median(learned),
          baseline: NEW_CASTS,
          baselineLabel: 'casts published',
          detail: `the learn's "learned", median of ${LEARNINGS} learnings: ${learned.join(', ')}`,
        });
        report({
          benchmark: 'memory',
          metric: `learning ${NEW_CASTS} new casts into ${size.toLocaleString('en-US')} casts: WAL written`,
          unit: 'kB',
          better: 'lower',
          subject: median(runs.map((run) => run.bytes)) / 1000,
          baseline: median(runs.map((run) => run.bareBytes)) / 1000,
          baselineLabel: `a bare insert of ${NEW_CASTS} rows`,
          detail: `median of ${LEARNINGS}; WAL between pg_current_wal_insert_lsn() before and after, each after a CHECKPOINT (pages touched count as full-page images); learn ${spread(runs.map((run) => run.bytes / 1000))} kB`,
        });
      }
      const [small, large] = LEARNING_SIZES.map((size) => learnings.get(size)!);
      report({
        benchmark: 'memory',
        metric: `learning ${NEW_CASTS} new casts: WAL written, ${LEARNING_SIZES[1].toLocaleString('en-US')} vs ${LEARNING_SIZES[0]} casts`,
        unit: 'kB',
        better: 'lower',
        subject: median(large!.map((run) => run.bytes)) / 1000,
        baseline: median(small!.map((run) => run.bytes)) / 1000,
        baselineLabel: `into ${LEARNING_SIZES[0]} casts`,
        detail: `the two rows above; target ratio at most 1.2 (the larger twin also deletes its ${NEW_CASTS} oldest, being at its cap)`,
      });
      const records = (runs: Learning[]) => median(runs.map((run) => run.recordBytes)) / 1000;
      report({
        benchmark: 'memory',
        metric: `learning ${NEW_CASTS} new casts: WAL records without full-page images, ${LEARNING_SIZES[1].toLocaleString('en-US')} vs ${LEARNING_SIZES[0]} casts`,
        unit: 'kB',
        better: 'lower',
        subject: records(large!),
        baseline: records(small!),
        baselineLabel: `into ${LEARNING_SIZES[0]} casts`,
        detail: `median of ${LEARNINGS} each (pg_walinspect: record length less its full-page images, in the same stretch of WAL); target ratio at most 1.2`,
      });

      progress(`${RSS_TWINS} new twins given ${RSS_CASTS} casts each in SQL`);
      const twins = await fillChatTwins(client, bot.databaseUrl, RSS_TWINS, RSS_CASTS);
      progress(
        `a chat with each of the ${RSS_TWINS} twins, ${RSS_CONCURRENCY} at a time, watching the bot service's RSS`,
      );
      const watch = watchMemory();
      let answered = 0;
      const failures: string[] = [];
      for (let start = 0; start < twins.length; start += RSS_CONCURRENCY) {
        await Promise.all(
          twins.slice(start, start + RSS_CONCURRENCY).map(async (agentId) => {
            try {
              await timeToReply(`${bot.url}${apiPaths.chat(agentId)}`, init());
              answered++;
            } catch (error) {
              failures.push(error instanceof Error ? error.message : String(error));
            }
          }),
        );
      }
      // And it keeps answering: the first twin again, after all the others.
      const again = await timeToReply(`${bot.url}${apiPaths.chat(twins[0]!)}`, init()).then(
        () => true,
        () => false,
      );
      const peak = watch.stop();
      report({
        benchmark: 'memory',
        metric: `bot service peak RSS, chats with ${RSS_TWINS.toLocaleString('en-US')} twins of ${RSS_CASTS.toLocaleString('en-US')} casts`,
        unit: 'MB',
        better: 'lower',
        subject: peak.bot,
        baseline: peak.bare,
        baselineLabel: 'bare process',
        detail: `target at most 300 MB; ${answered} of ${twins.length} chats answered${failures.length > 0 ? ` (first failure: ${failures[0]})` : ''}, the first twin ${again ? 'answered again' : 'did NOT answer again'} after them`,
      });
    } finally {
      await client.end();
    }
  },
};
