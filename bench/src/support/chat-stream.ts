import { chatStreamEvents } from '@fartwin/protocol';
import { createParser } from 'eventsource-parser';

/** When a streamed chat reply started, showed its first `delta` and ended (performance.now() times). */
export interface ChatStreamTimes {
  startedAt: number;
  firstDeltaAt: number;
  endedAt: number;
}

/**
 * Sends a chat message and reads its SSE answer to the end; throws on an HTTP error, a streamed
 * `error` event, or a stream without a `delta` (a failed reply must never be timed as a fast one).
 */
export async function readChatStream(url: string, init: RequestInit): Promise<ChatStreamTimes> {
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
  return { startedAt, firstDeltaAt, endedAt: performance.now() };
}
