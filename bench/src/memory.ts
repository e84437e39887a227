import { apiPaths } from '@fartwin/protocol';
import pg from 'pg';
import { readChatStream } from './support/chat-stream.ts';
import type { Benchmark } from './support/context.ts';
import { progress } from './support/progress.ts';
import { clientHeaders } from './support/sign-in.ts';
import { median, sampleInTurns, spread } from './support/stats.ts';

/** Casts in a twin's memory, as it grows by learning from its owner's casts (issue 25 part 2). */
const SIZES = [100, 1_000, 10_000] as const;
const SAMPLES = { warmUp: 3, iterations: 25 };
/** Questions asked in turn: each finds passages in the casts (the echo engine's search). */
const QUESTIONS = ['what are you building this week?', 'any tips on testing contracts?', 'how was lunch today?'];

/**
 * The twin's casts grown to `size`: its own casts again and again, each copy told apart by a number
 * (as months of casts on the same topics read), newest first.
 */
async function growMemory(client: pg.Client, agentId: string, size: number): Promise<void> {
  const { rows } = await client.query<{ casts: string[] }>(
    `select character->'casts' as casts from agents where agent_id = $1`,
    [agentId],
  );
  const own = rows[0]?.casts ?? [];
  if (own.length === 0) throw new Error(`twin ${agentId} has no casts`);
  const casts = Array.from({ length: size }, (_, index) => {
    const copy = Math.floor(index / own.length);
    const text = own[index % own.length]!;
    return copy === 0 ? text : `${text} (${copy})`;
  });
  // As a learning run stores it: the character changed, its version bumped so every replica reads it.
  await client.query(
    `update agents set character = jsonb_set(character, '{casts}', $2::jsonb), voice_version = voice_version + 1
     where agent_id = $1`,
    [agentId, JSON.stringify(casts)],
  );
}

/** Milliseconds from sending a chat message to the end of its streamed reply (a streamed error throws). */
async function timeToReply(url: string, init: RequestInit): Promise<number> {
  const { startedAt, endedAt } = await readChatStream(url, init);
  return endedAt - startedAt;
}

/**
 * `npm run bench -- memory`: a chat reply's time (echo engine, to the end of the streamed reply) from
 * a twin with 100, 1,000 and 10,000 casts in memory, each against the bare SSE endpoint in the same
 * run. Three living twins of the bench's service get their memory grown in SQL as learning stores it;
 * the questions go over HTTP, each from the next signed-in user (the chat's per-user limit).
 */
export const memory: Benchmark = {
  name: 'memory',
  async run(context, report) {
    const { bot, bare, data } = await context.services();
    if (data.twins.length < SIZES.length) throw new Error(`needs ${SIZES.length} living twins`);
    const client = new pg.Client({ connectionString: bot.databaseUrl });
    await client.connect();
    let turn = 0;
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
        const agentId = data.twins[index]!;
        await growMemory(client, agentId, size);
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
