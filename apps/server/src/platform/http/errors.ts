import type { ErrorBody } from '@fartwin/protocol';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { $ZodError } from 'zod/v4/core';
import { isDatabaseUnavailable } from '../db/database.ts';

/** Seconds a client is asked to wait before retrying while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** An error a client can act on: its status, a stable code and a readable message. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** Headers the answer carries (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function errorBody(code: string, error: string): ErrorBody {
  return { error, code };
}

/** Turns any thrown error into `{error, code}`; unexpected ones are logged and never leak details. */
export function handleError(logger: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(errorBody(error.code, error.message), error.status);
    }
    // $ZodError: the protocol's schemas are zod/mini's, the server's own classic zod's; both are one.
    if (error instanceof $ZodError) {
      const detail = error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
      return c.json(errorBody('invalid_request', `Invalid request: ${detail}`), 400);
    }
    // (bodyLimit answers 413 itself, in app.ts.)
    if (error instanceof HTTPException) {
      return c.json(errorBody('http_error', error.message || 'Request failed'), error.status as ContentfulStatusCode);
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, path: c.req.path }, 'database unavailable');
      c.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json(
        errorBody('database_unavailable', 'Fartwin cannot reach its database right now. Please try again in a moment.'),
        503,
      );
    }
    logger.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json(errorBody('internal_error', 'Something went wrong on our side. Please try again.'), 500);
  };
}
