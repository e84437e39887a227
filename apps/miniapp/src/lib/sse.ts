import { createParser } from 'eventsource-parser';

/** One server-sent event: its name (default "message") and its data lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream body as events, with eventsource-parser. EventSource cannot POST or
 * send an Authorization header, so the chat reads the fetch body itself.
 */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const parsed: ServerSentEvent[] = [];
  const parser = createParser({ onEvent: ({ event, data }) => parsed.push({ event: event ?? 'message', data }) });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    // At the end, a blank line dispatches a last event the server did not close.
    parser.feed(done ? `${decoder.decode()}\n\n` : decoder.decode(value, { stream: true }));
    yield* parsed.splice(0);
    if (done) return;
  }
}
