import { errorBodySchema } from '@fartwin/protocol';
import { loadAppConfig } from './config.ts';
import { loadSdk } from './frame-sdk.ts';

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
async function authorizationHeader(): Promise<string> {
  const [sdk, { quickAuthOrigin }] = await Promise.all([loadSdk(), loadAppConfig()]);
  const { token } = await sdk.quickAuth.getToken({ quickAuthServerOrigin: quickAuthOrigin });
  return `Bearer ${token}`;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH';
  body?: unknown;
  /** Send the Quick Auth bearer token (chat, deploy, history). */
  auth?: boolean;
  accept?: string;
}

/** A same-origin request to the bot service. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = new Headers({ accept: options.accept ?? 'application/json' });
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  if (options.auth) headers.set('authorization', await authorizationHeader());
  const init: RequestInit = { method: options.method ?? 'GET', headers };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  return fetch(path, init);
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

/** A JSON request whose answer is checked against a protocol schema. */
export async function apiJson<T>(
  path: string,
  schema: { parse(data: unknown): T },
  options?: RequestOptions,
): Promise<T> {
  const response = await apiRequest(path, options);
  if (!response.ok) throw await toApiError(response);
  return schema.parse(await response.json());
}
