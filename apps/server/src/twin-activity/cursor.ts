import { storableText } from '@fartwin/protocol';
import { z } from 'zod';
import { HttpError } from '../http/errors.ts';

/**
 * Where a page of activity ends: the last item's time as Postgres wrote it (microseconds, which a
 * JavaScript Date would cut) and its key, which breaks ties. Opaque to clients.
 */
export interface ActivityCursor {
  at: string;
  key: string;
}

/** Postgres's text of a timestamptz ("2026-11-25 15:40:01.123456+00"). */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
// The key reaches SQL: text Postgres can hold (a cursor made by hand may carry a NUL).
const cursorSchema = z.tuple([z.string().regex(TIMESTAMP_TEXT), storableText(z.string().min(1).max(150))]);

export function encodeActivityCursor(cursor: ActivityCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.key])).toString('base64url');
}

/** The cursor a client sent back; 400 `invalid_cursor` for anything this server did not issue. */
export function decodeActivityCursor(value: string): ActivityCursor {
  try {
    const [at, key] = cursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return { at, key };
  } catch {
    throw new HttpError(400, 'invalid_cursor', 'The cursor is not one this server issued');
  }
}
