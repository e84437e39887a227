import { errorBodySchema } from '@fartwin/protocol';
import { loadAppConfig } from './config.ts';
import { loadSdk } from './frame-sdk.ts';
import { hostMode } from './host-mode.ts';
import { webModeStrings } from './strings.ts';
import { webSession } from './web-session.ts';

/*
 * The bot service's client. Only request modules that load after the first paint import it: it
 * brings the protocol's schemas (zod) with it.
 */

/** An error answered by the bot service: its readable message and stable code. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A Quick Auth token from the server origin of the app config. `sdk.quickAuth.fetch` would always
 * ask the public Farcaster server, so the token is fetched here with the configured origin.
 */
async function quickAuthToken(): Promise<string> {
  const [sdk, { quickAuthOrigin }] = await Promise.all([loadSdk(), loadAppConfig()]);
  const { token } = await sdk.quickAuth.getToken({ quickAuthServerOrigin: quickAuthOrigin });
  return token;
}

/**
 * Web mode's token is the wallet sign-in's session; inside a Farcaster client, Quick Auth's. Without
 * a session, web mode asks the person to sign in instead of sending a request bound to fail.
 */
async function bearerToken(): Promise<{ token: string; fromWebSession: boolean }> {
  if (hostMode.current() !== 'web') return { token: await quickAuthToken(), fromWebSession: false };
  const session = webSession.get();
  if (!session) throw new ApiError(webModeStrings.signInToChat, 401, 'signed_out');
  return { token: session.token, fromWebSession: true };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the Quick Auth bearer token (chat, deploy, history). */
  auth?: boolean;
  accept?: string;
}

/** A same-origin request to the bot service. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = new Headers({ accept: options.accept ?? 'application/json' });
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  const bearer = options.auth ? await bearerToken() : null;
  if (bearer) headers.set('authorization', `Bearer ${bearer.token}`);
  const init: RequestInit = { method: options.method ?? 'GET', headers };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  const response = await fetch(path, init);
  // A session the server no longer accepts (expired, revoked) ends here: nothing half-signed-in stays.
  if (response.status === 401 && bearer?.fromWebSession) webSession.clear();
  return response;
}

/** An error answer's body (or an SSE error event's) as an ApiError, whatever its shape. */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) return new ApiError(parsed.data.error, status, parsed.data.code);
  return new ApiError(`Request failed with status ${status}`, status);
}

/** Reads an error response as an ApiError, whatever its body. */
export async function toApiError(response: Response): Promise<ApiError> {
  return apiErrorFrom(response.status, await response.json().catch(() => null));
}

/** Code of the ApiError for an answer that is not what the protocol says. */
export const MALFORMED_ANSWER = 'malformed_answer';

/** What a protocol schema says of an answer it checks (zod/mini's safeParse). */
type Checked<T> = { success: true; data: T } | { success: false; error: CheckFailure };
interface CheckFailure {
  issues: readonly { path: readonly PropertyKey[]; code: string }[];
}

/**
 * An answer that does not match its schema, as an ApiError naming where (the protocol's schemas
 * are zod/mini's, which carry no English messages: the path and the kind of problem say it).
 */
function malformedAnswer(path: string, status: number, { issues }: CheckFailure): ApiError {
  const where = issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || 'the answer'} (${issue.code})`)
    .join(', ');
  return new ApiError(`The server's answer to ${path} could not be read: ${where}`, status, MALFORMED_ANSWER);
}

/** A JSON request whose answer is checked against a protocol schema. */
export async function apiJson<T>(
  path: string,
  schema: { safeParse(data: unknown): Checked<T> },
  options?: RequestOptions,
): Promise<T> {
  const response = await apiRequest(path, options);
  if (!response.ok) throw await toApiError(response);
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) throw malformedAnswer(path, response.status, parsed.error);
  return parsed.data;
}
