import { describe, expect, it } from 'vitest';
import { readServerSentEvents, type ServerSentEvent } from './sse.ts';

/** A body delivered in the given chunks, so events and lines can be split anywhere. */
function bodyOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function readAll(chunks: string[]): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readServerSentEvents(bodyOf(chunks))) events.push(event);
  return events;
}

describe('readServerSentEvents', () => {
  it('reads named events, and "message" when the event has no name', async () => {
    expect(await readAll(['event: delta\ndata: "a"\n\n', 'data: plain\n\n'])).toEqual([
      { event: 'delta', data: '"a"' },
      { event: 'message', data: 'plain' },
    ]);
  });

  it('joins data lines, skips comments and data-less events, and reads CRLF and CR line ends', async () => {
    expect(await readAll([': keep-alive\r\n\r\n', 'event: ping\r\n\r\n', 'data: one\rdata:two\r\r'])).toEqual([
      { event: 'message', data: 'one\ntwo' },
    ]);
  });

  it('reassembles events split across chunks, even inside a line or a UTF-8 character', async () => {
    const bytes = new TextEncoder().encode('event: done\ndata: "héllo"\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const events: ServerSentEvent[] = [];
    for await (const event of readServerSentEvents(body)) events.push(event);
    expect(events).toEqual([{ event: 'done', data: '"héllo"' }]);
  });

  it('still delivers a last event that lacks its closing blank line', async () => {
    expect(await readAll(['event: done\ndata: {"message":"hi"}'])).toEqual([
      { event: 'done', data: '{"message":"hi"}' },
    ]);
  });
});
