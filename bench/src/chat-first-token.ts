import { apiPaths } from '@fartwin/protocol';
import { readChatStream } from './support/chat-stream.ts';
import type { Benchmark } from './support/context.ts';
import { progress } from './support/progress.ts';
import { reportPeakRss } from './support/report.ts';
import { clientHeaders } from './support/sign-in.ts';
import { median, percentile, sampleInTurns, spread } from './support/stats.ts';

/**
 * One chat at a time, after enough warm-up chats for the chat path to be compiled as it is in a
 * running service (the API benchmarks warm up a second's worth of requests likewise): measured on
 * a fresh service, chats 5 to 35 took a median 8.4 ms and chats 200 on 5.4 ms.
 */
const SINGLE = { warmUp: 100, iterations: 30 };
/** Streams open at once under load, each sending its next message when its last reply has ended. */
const STREAMS = 50;
/** Chats each stream sends per round: a round holds STREAMS × CHATS_PER_STREAM first tokens. */
const CHATS_PER_STREAM = 8;
const LOAD = { warmUp: 1, iterations: 7 };

const MESSAGE = 'gm! what are you building this week?';
/** The bot service's limit on one user's chat messages a minute (chatPerFid). */
const CHAT_LIMIT_PER_USER = 30;

type User = { fid: number; token: string };

/**
 * Milliseconds from sending the request to the first `delta` event of the SSE answer. The rest of
 * the stream is read to its end (untimed), so the reply is stored before the next request starts.
 */
async function timeToFirstDelta(url: string, init: RequestInit): Promise<number> {
  const { startedAt, firstDeltaAt } = await readChatStream(url, init);
  return firstDeltaAt - startedAt;
}

/** A signed-in user's chat request: `fid` sends one new message. */
function chatInit(user: { fid: number; token: string }): RequestInit {
  return {
    method: 'POST',
    headers: {
      ...clientHeaders(user.fid),
      'content-type': 'application/json',
      accept: 'text/event-stream',
      authorization: `Bearer ${user.token}`,
    },
    body: JSON.stringify({ conversation: MESSAGE, fid: user.fid }),
  };
}

/**
 * Hands out the signed-in users in turn, so each sends few of the run's messages: the service allows
 * a user CHAT_LIMIT_PER_USER messages a minute (its chatPerFid limit), and a user sending more would
 * be answered 429. Each side of a comparison has its own pool, so both send the same requests.
 */
function userPool(users: readonly User[]): () => User {
  let next = 0;
  return () => users[next++ % users.length]!;
}

/** STREAMS chats in flight at once, CHATS_PER_STREAM each in sequence; every first token, in ms. */
async function loadRound(origin: string, twins: readonly string[], nextUser: () => User): Promise<number[]> {
  const perStream = await Promise.all(
    Array.from({ length: STREAMS }, async (_, stream) => {
      const url = `${origin}${apiPaths.chat(twins[stream % twins.length]!)}`;
      const times: number[] = [];
      for (let chat = 0; chat < CHATS_PER_STREAM; chat++) times.push(await timeToFirstDelta(url, chatInit(nextUser())));
      return times;
    }),
  );
  return perStream.flat();
}

/**
 * Chat time to first token: POST /doppelganger/chat-with-fartwin/:agentId with the echo engine,
 * signed in, `accept: text/event-stream` (rate limits, auth, the agent and its life, the stored
 * history, the engine), against a bare SSE endpoint (its own process) that writes one event. Each
 * request sends one new message from the next of the signed-in users (userPool); the stored
 * conversations grow as they would.
 *
 * Alone: one chat at a time, the median first token. Under load: STREAMS streams at once, each
 * with one of the sample twins, CHATS_PER_STREAM messages each per round; each round's p50 and p99
 * first token, the median over rounds, the bare endpoint under the same load in turn. The peak RSS
 * of both processes over the benchmark is reported beside it.
 */
export const chatFirstToken: Benchmark = {
  name: 'chat',
  async run(context, report) {
    const { bot, bare, data, watchMemory } = await context.services();
    const chats = SINGLE.warmUp + SINGLE.iterations + (LOAD.warmUp + LOAD.iterations) * STREAMS * CHATS_PER_STREAM;
    if (chats > data.users.length * CHAT_LIMIT_PER_USER)
      throw new Error(`${chats} chats from ${data.users.length} users would exceed ${CHAT_LIMIT_PER_USER} a user`);
    const memory = watchMemory();
    const nextUser = { chat: userPool(data.users), bare: userPool(data.users) };
    const common = {
      benchmark: 'chat',
      unit: 'ms',
      better: 'lower',
      baselineLabel: 'bare SSE endpoint',
    } as const;

    const path = apiPaths.chat(data.twins[0]!);
    progress(`${SINGLE.warmUp + SINGLE.iterations} chat requests each side, one at a time`);
    const alone = await sampleInTurns(SINGLE, {
      chat: () => timeToFirstDelta(`${bot.url}${path}`, chatInit(nextUser.chat())),
      bare: () => timeToFirstDelta(`${bare.url}${path}`, chatInit(nextUser.bare())),
    });
    report({
      ...common,
      metric: 'time to first token (echo engine, SSE)',
      subject: median(alone.chat),
      baseline: median(alone.bare),
      detail: `median of ${SINGLE.iterations} after ${SINGLE.warmUp} warm-ups; fartwin ${spread(alone.chat)} ms, bare ${spread(alone.bare)} ms`,
    });

    progress(
      `${LOAD.warmUp + LOAD.iterations} rounds each side of ${STREAMS} concurrent streams × ${CHATS_PER_STREAM} chats`,
    );
    const rounds = await sampleInTurns(LOAD, {
      chat: () => loadRound(bot.url, data.twins, nextUser.chat),
      bare: () => loadRound(bare.url, data.twins, nextUser.bare),
    });
    for (const p of [50, 99]) {
      const [real, baseline] = [rounds.chat.map((r) => percentile(r, p)), rounds.bare.map((r) => percentile(r, p))];
      report({
        ...common,
        metric: `time to first token p${p}, ${STREAMS} concurrent streams`,
        subject: median(real),
        baseline: median(baseline),
        detail: `median over ${LOAD.iterations} rounds (after ${LOAD.warmUp} warm-up) of ${STREAMS * CHATS_PER_STREAM} chats each; fartwin ${spread(real)} ms, bare ${spread(baseline)} ms`,
      });
    }
    reportPeakRss(report, 'chat', memory.stop());
  },
};
