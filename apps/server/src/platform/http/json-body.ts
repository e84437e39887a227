import { firstUnstorableText } from '@fartwin/protocol';
import type { Context } from 'hono';
import { z } from 'zod';
import { HttpError } from './errors.ts';

/**
 * The request body parsed as JSON and validated; 400 with a readable reason otherwise. Every string
 * in it must be text Postgres and JSON can store (no NUL, no unpaired surrogate): 400 `invalid_text`
 * naming the field, before any route sees it.
 */
export async function jsonBody<Schema extends z.core.$ZodType>(c: Context, schema: Schema): Promise<z.output<Schema>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body must be JSON');
  }
  assertStorableText(body, 'request body');
  // A ZodError becomes `400 {code: 'invalid_request'}` in the error handler, naming each field.
  // (The function, not a method: the protocol's schemas are zod/mini's, the server's own classic.)
  return z.parse(schema, body);
}

/** 400 `invalid_text` when any string in `value` (a body, a query, an event) cannot be stored. */
export function assertStorableText(value: unknown, what: string): void {
  const found = firstUnstorableText(value);
  if (found) {
    throw new HttpError(400, 'invalid_text', `Invalid ${what}: ${found.path || 'the text'} ${found.problem}`);
  }
}
