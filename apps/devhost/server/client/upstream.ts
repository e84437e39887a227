import { ClientHttpError } from './http-errors.ts';

/** A local service the client backend calls, named as a person would look for it. */
export interface Upstream {
  name: string;
  /** The code of the 502 when it cannot be reached. */
  unreachableCode: string;
}

export const BOT_SERVICE: Upstream = { name: 'the bot service', unreachableCode: 'bot_service_unreachable' };
export const MINIAPP_SERVER: Upstream = { name: "the mini-app's server", unreachableCode: 'miniapp_unreachable' };

const TIMEOUT_MS = 10_000;

export interface UpstreamAnswer {
  status: number;
  ok: boolean;
  /** The body as JSON, or null when it is not JSON. */
  json: unknown;
  /** Its own words when it failed: its `{error}`, else the start of its body, else the status. */
  reason: string;
  /** Its `{code}`, when it gave one. */
  code: string | undefined;
}

/** GET (or POST `body` as JSON) to another local service; 502 saying which and where when it does not answer. */
export async function callUpstream(upstream: Upstream, url: string, body?: unknown): Promise<UpstreamAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      ...(body === undefined
        ? {}
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
  } catch (error) {
    const why =
      error instanceof Error && error.name === 'TimeoutError'
        ? `it did not answer within ${TIMEOUT_MS / 1000} s`
        : 'is it running?';
    throw new ClientHttpError(502, upstream.unreachableCode, `Could not reach ${upstream.name} at ${url}: ${why}`);
  }
  const text = await response.text().catch(() => '');
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: the reason falls back to the text.
  }
  const { error, code } = (json ?? {}) as { error?: unknown; code?: unknown };
  const reason = typeof error === 'string' ? error : `HTTP ${response.status} ${text.slice(0, 200)}`.trim();
  return { status: response.status, ok: response.ok, json, reason, code: typeof code === 'string' ? code : undefined };
}
