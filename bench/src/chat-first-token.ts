import { apiPaths, chatStreamEvents } from '@fartwin/protocol';
import { createParser } from 'eventsource-parser';
import { type Benchmark, progress } from './support/context.ts';
import { median, sampleInTurns, spread } from './support/stats.ts';

const WARM_UP = 5;
const ITERATIONS = 30;

/**
 * Milliseconds from sending the request to the first `delta` event of the SSE answer. The rest of
 * the stream is read to its end (untimed), so the reply is stored before the next request starts.
 */
async function timeToFirstDelta(url: string, init: RequestInit): Promise<number> {
  const startedAt = performance.now();
  const response = await fetch(url, init);
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  let firstDeltaAt: number | undefined;
  const parser = createParser({
    onEvent: (event) => {
      if (event.event === chatStreamEvents.error) throw new Error(`${url} streamed an error: ${event.data}`);
      if (event.event === chatStreamEvents.delta) firstDeltaAt ??= performance.now();
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of response.body) parser.feed(decoder.decode(chunk, { stream: true }));
  if (firstDeltaAt === undefined) throw new Error(`${url} streamed no ${chatStreamEvents.delta} event`);
  return firstDeltaAt - startedAt;
}

/**
 * Chat time to first token: POST /doppelganger/chat-with-fartwin/:agentId with the echo engine,
 * signed in, `accept: text/event-stream` (auth, the agent and its life read from the chain, the
 * stored history, the engine), against a bare SSE endpoint of the same process that writes one
 * event. Each chat request sends one new message; the stored conversation grows as it would.
 */
export const chatFirstToken: Benchmark = {
  name: 'chat',
  async run(context, report) {
    const service = await context.botService();
    const { agentId, fid, token } = service.chat;
    const init: RequestInit = {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
      body: JSON.stringify({ conversation: 'gm! what are you building this week?', fid }),
    };
    progress(`${WARM_UP + ITERATIONS} chat requests each side`);
    const samples = await sampleInTurns(
      { warmUp: WARM_UP, iterations: ITERATIONS },
      {
        chat: () => timeToFirstDelta(`${service.appUrl}${apiPaths.chat(agentId)}`, init),
        bare: () => timeToFirstDelta(`${service.bareUrl}/chat`, init),
      },
    );
    report({
      benchmark: 'chat',
      metric: 'time to first token (echo engine, SSE)',
      unit: 'ms',
      better: 'lower',
      subject: median(samples.chat),
      baseline: median(samples.bare),
      baselineLabel: 'bare SSE endpoint',
      detail: `median of ${ITERATIONS} after ${WARM_UP} warm-ups; fartwin ${spread(samples.chat)} ms, bare ${spread(samples.bare)} ms`,
    });
  },
};
