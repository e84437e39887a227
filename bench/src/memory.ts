import { apiPaths } from '@fartwin/protocol';
import pg from 'pg';
import { readChatStream } from './support/chat-stream.ts';
import type { Benchmark } from './support/context.ts';
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

/** Milliseconds from sending a chat message to the end of its streamed reply (a streamed error throws). */
async function timeToReply(url: string, init: RequestInit): Promise<number> {
  const { startedAt, endedAt } = await readChatStream(url, init);
  return endedAt - startedAt;
}

/**
 * `npm run bench -- memory`: a chat reply's time (echo engine, to the end of the streamed reply) from
 * a twin with 100, 1,000, 10,000 and 100,000 casts in memory, each against the bare SSE endpoint in
 * the same run. Living twins of the bench's service get their memory grown in SQL as learning writes it;
 * the questions go over HTTP, each from the next signed-in user (the chat's per-user limit).
 */
export const memory: Benchmark = {
  name: 'memory',
  async run(context, report) {
    const { bot, bare, data } = await context.services();
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
      for (const [index, size] of SIZES.entries()) {
        const agentId = data.twins[index % data.twins.length]!;
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
      }
    } finally {
      await client.end();
    }
  },
};
