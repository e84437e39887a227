import type { z } from 'zod';
import { HttpError } from './errors.ts';

/**
 * A keyset page's cursor, as every paged list of the API hands it out: the last row's ordering
 * fields as a JSON array, base64url-encoded, so the key can change without breaking clients. A
 * cursor coming back is checked against the same fields' schema before any of it reaches SQL;
 * anything this server did not issue is a 400 `invalid_cursor`.
 */
export interface PageCursor<Fields> {
  encode(fields: Fields): string;
  decode(value: string): Fields;
}

export function pageCursor<Fields>(fields: z.ZodType<Fields>): PageCursor<Fields> {
  return {
    encode: (value) => Buffer.from(JSON.stringify(value)).toString('base64url'),
    decode(value) {
      try {
        return fields.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
      } catch {
        throw new HttpError(400, 'invalid_cursor', 'The cursor is not one this server issued');
      }
    },
  };
}
