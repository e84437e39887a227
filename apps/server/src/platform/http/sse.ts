import type { Context } from 'hono';

/** One server-sent event; `data` is one line (JSON). */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * A text/event-stream answer that sends each event of `events` as it comes. The body is a single
 * ReadableStream pulled straight from the generator. Hono's streamSSE pipes a TransformStream
 * through a second stream and resolves every message as a possible HTML callback; per chunk of a
 * reply, under load, that was a measured share of a chat's time (bench/). A client that goes away
 * cancels the stream, which ends the generator (its `finally` blocks run). A generator that throws
 * ends the stream with the event `onError` answers for it, so a client always learns how it ended.
 */
export function sseResponse(
  c: Context,
  events: AsyncGenerator<SseEvent>,
  onError: (error: unknown) => SseEvent,
): Response {
  const encoder = new TextEncoder();
  const encode = (event: SseEvent) => encoder.encode(`event: ${event.event}\ndata: ${event.data}\n\n`);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await events.next();
        if (next.done) controller.close();
        else controller.enqueue(encode(next.value));
      } catch (error) {
        controller.enqueue(encode(onError(error)));
        controller.close();
      }
    },
    async cancel() {
      await events.return(undefined);
    },
  });
  return c.body(body, 200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
}
