import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError } from './errors.ts';

/** The request body parsed as JSON and validated; 400 with a readable reason otherwise. */
export async function jsonBody<Schema extends z.ZodType>(c: Context, schema: Schema): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body must be JSON');
  }
  // A ZodError becomes `400 {code: 'invalid_request'}` in the error handler, naming each field.
  return schema.parse(body);
}
