import type { ErrorBody } from '@fartwin/protocol';
import { fidSchema } from '@fartwin/protocol';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError, type z } from 'zod';

/** An error the page (or the mini-app's server) can act on: a status, a stable code and a readable message. */
export class ClientHttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ClientHttpError';
  }
}

const errorBody = (code: string, error: string): ErrorBody => ({ error, code });

/** Every thrown error as `{error, code}`, the shape the page's callJson reads; unexpected ones are logged. */
export function handleClientError(error: Error, c: Context) {
  if (error instanceof ClientHttpError) return c.json(errorBody(error.code, error.message), error.status);
  if (error instanceof ZodError) {
    const detail = error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
    return c.json(errorBody('invalid_request', `Invalid request: ${detail}`), 400);
  }
  console.error(`dev host client backend: ${c.req.method} ${c.req.path} failed`, error);
  return c.json(errorBody('internal_error', `The dev host failed: ${error.message}`), 500);
}

/** The request body parsed as JSON and validated; 400 with a readable reason otherwise. */
export async function jsonBody<Schema extends z.ZodType>(c: Context, schema: Schema): Promise<z.output<Schema>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ClientHttpError(400, 'invalid_json', 'The request body must be JSON');
  }
  return schema.parse(body);
}

/** An fid from the path; 400 `invalid_fid` unless it is a positive integer. */
export function fidParam(value: string): number {
  const parsed = fidSchema.safeParse(value);
  if (!parsed.success) throw new ClientHttpError(400, 'invalid_fid', `fid must be a positive integer, not "${value}"`);
  return parsed.data;
}
