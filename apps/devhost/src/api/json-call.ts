import { errorBodySchema } from '@fartwin/protocol';
import { z } from 'zod';

/** An `{error, code}` answer, as an Error the sheets and panels can show. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

/** A JSON call to the bot service or the dev host's backend, answered per `schema` or thrown as an ApiCallError. */
export async function callJson<Schema extends z.core.$ZodType>(
  apiUrl: string,
  path: string,
  schema: Schema,
  init?: { method: 'POST' | 'DELETE'; body?: unknown },
): Promise<z.output<Schema>> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: init?.method ?? 'GET',
    ...(init?.body !== undefined
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }
      : {}),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = errorBodySchema.safeParse(body);
    throw new ApiCallError(
      response.status,
      error.data?.code ?? 'http_error',
      error.data?.error ?? `${path} answered ${response.status}`,
    );
  }
  // The function, not a method: the protocol's schemas are zod/mini's, the dev host's own classic.
  return z.parse(schema, body);
}
