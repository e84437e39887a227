import http from 'node:http';
import https from 'node:https';
import { checkedLookup, DestinationRefused, type DestinationRules, destinationProblem } from './destination-rules.ts';

/** What one outgoing POST may cost: time, and bytes read back. */
export interface OutgoingLimits {
  timeoutMs: number;
  maxResponseBytes: number;
}

/** An answer, read in full within the limits. Redirects are answers too: they are never followed. */
export interface OutgoingAnswer {
  status: number;
  body: string;
}

export class OutgoingRequestFailed extends Error {
  constructor(
    message: string,
    /** Whether trying again later could work (a timeout, a refused connection), or never will (the URL's rules). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'OutgoingRequestFailed';
  }
}

/**
 * POSTs JSON to a URL a user gave us, under the destination rules: checked scheme and addresses
 * (at connect time), no redirects followed, a time budget for the whole exchange and a cap on the
 * bytes read. Errors name what went wrong in a few words, never the response's content.
 */
export function postJson(
  url: string,
  payload: unknown,
  rules: DestinationRules,
  limits: OutgoingLimits,
): Promise<OutgoingAnswer> {
  const problem = destinationProblem(url, rules);
  if (problem) return Promise.reject(new OutgoingRequestFailed(`refused: ${problem}`, false));
  const target = new URL(url);
  const body = Buffer.from(JSON.stringify(payload));
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<OutgoingAnswer>((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.length },
        lookup: checkedLookup(rules),
        timeout: limits.timeoutMs,
        signal: AbortSignal.timeout(limits.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > limits.maxResponseBytes) {
            request.destroy(new OutgoingRequestFailed(`response over ${limits.maxResponseBytes} bytes`, true));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', (error) => reject(toFailure(error, limits)));
      },
    );
    request.on('timeout', () =>
      request.destroy(new OutgoingRequestFailed(`no answer within ${limits.timeoutMs} ms`, true)),
    );
    request.on('error', (error) => reject(toFailure(error, limits)));
    request.end(body);
  });
}

function toFailure(error: Error, limits: OutgoingLimits): OutgoingRequestFailed {
  if (error instanceof OutgoingRequestFailed) return error;
  if (error instanceof DestinationRefused) return new OutgoingRequestFailed(`refused: ${error.message}`, false);
  if (error.name === 'AbortError' || error.name === 'TimeoutError') {
    return new OutgoingRequestFailed(`no answer within ${limits.timeoutMs} ms`, true);
  }
  const code = (error as NodeJS.ErrnoException).code;
  return new OutgoingRequestFailed(code ? `connection failed (${code})` : 'connection failed', true);
}
