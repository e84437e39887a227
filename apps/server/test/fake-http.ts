import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A local HTTP server standing in for a service outside the machine (an LLM endpoint, Neynar):
 * it records each request and answers with `handle`.
 */
export async function startFakeHttp(
  handle: (request: RecordedRequest, response: ServerResponse) => void | Promise<void>,
  /** A fixed port: the service coming back where it was (0, the default, picks a free one). */
  port = 0,
): Promise<{ url: string; port: number; requests: RecordedRequest[]; close(): Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const recorded = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(recorded);
    try {
      await handle(recorded, res);
    } catch (error) {
      // A stand-in that cannot answer (its own upstream gone as a test ends) answers as a broken
      // service would, to the caller, rather than failing the test run with an unhandled rejection.
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(error instanceof Error ? error.message : String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}`,
    port: listening,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A stand-in's JSON answer. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
