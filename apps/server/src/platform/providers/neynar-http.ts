import { z } from 'zod';

const NEYNAR_API_URL = 'https://api.neynar.com';

export class NeynarError extends Error {
  override name = 'NeynarError';
}

/** Every call's time budget unless the call sets its own. */
export const NEYNAR_CALL_BUDGET_MS = 10_000;

export interface NeynarOptions {
  apiKey: string;
  baseUrl?: string;
  /** The default per-call budget (NEYNAR_CALL_BUDGET_MS). */
  timeoutMs?: number;
}

export interface NeynarCall<T> {
  path: string;
  /** The parts of the answer we read; anything else Neynar sends is ignored. */
  schema: z.ZodType<T>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** Sent as JSON (POST unless `method` says otherwise); without it the call is a GET. */
  body?: unknown;
  method?: 'POST' | 'PUT';
  /** This call's budget, where it may take longer than the default (account creation). */
  timeoutMs?: number;
}

/**
 * The statuses with which Neynar's spec (neynarxyz/OAS) answers a lookup of something that does not
 * exist: 400 for unknown fids and hashes (user/bulk, feed/user/casts, cast), 404 for addresses.
 */
export type NotFoundStatuses = readonly (400 | 404)[];

/** Neynar's error body (ErrorRes in its OpenAPI spec). */
const errorBodySchema = z.object({ message: z.string() });

/**
 * Neynar's HTTP API v2 over plain fetch. Every failure (unreachable, HTTP error, an answer of the
 * wrong shape) is a NeynarError that names the call, the status and Neynar's own message.
 */
export function neynarHttp(options: NeynarOptions) {
  const baseUrl = options.baseUrl ?? NEYNAR_API_URL;

  const send = async <T>(call: NeynarCall<T>, notFound: NotFoundStatuses): Promise<T | null> => {
    const url = new URL(call.path, baseUrl);
    for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
    const json = call.body !== undefined;
    const budgetMs = call.timeoutMs ?? options.timeoutMs ?? NEYNAR_CALL_BUDGET_MS;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: json ? (call.method ?? 'POST') : 'GET',
        headers: {
          'x-api-key': options.apiKey,
          accept: 'application/json',
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...call.headers,
        },
        body: json ? JSON.stringify(call.body) : undefined,
        signal: AbortSignal.timeout(budgetMs),
      });
      text = await response.text();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new NeynarError(`Neynar ${call.path} did not answer within ${budgetMs / 1000} s`, { cause: error });
      }
      throw new NeynarError(`Neynar ${call.path} could not be reached: ${reason(error)}`, { cause: error });
    }
    if ((notFound as readonly number[]).includes(response.status)) return null;
    const body = parseJson(text);
    if (!response.ok) {
      const detail = errorBodySchema.safeParse(body);
      throw new NeynarError(
        `Neynar ${call.path} answered HTTP ${response.status}${detail.success ? `: ${detail.data.message}` : ''}`,
      );
    }
    const parsed = call.schema.safeParse(body);
    if (!parsed.success) {
      throw new NeynarError(`Neynar ${call.path} answered in an unexpected shape: ${z.prettifyError(parsed.error)}`);
    }
    return parsed.data;
  };

  return {
    baseUrl,
    /** A call whose every non-2xx answer is an error. */
    request: async <T>(call: NeynarCall<T>): Promise<T> => (await send(call, [])) as T,
    /** A lookup: the statuses the spec gives for what does not exist are null here; others are errors. */
    lookup: <T>(call: NeynarCall<T>, notFound: NotFoundStatuses): Promise<T | null> => send(call, notFound),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** fetch wraps the socket error (ECONNREFUSED, a DNS failure) in a bare "fetch failed". */
function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}
