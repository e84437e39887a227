import { storableText } from '@fartwin/protocol';
import { z } from 'zod';
import { pageCursor } from '../platform/http/page-cursor.ts';

/**
 * Where a page of activity ends: the last item's time as Postgres wrote it (microseconds, which a
 * JavaScript Date would cut) and its key, which breaks ties. Opaque to clients.
 */
export interface ActivityCursor {
  at: string;
  key: string;
}

/** Postgres's text of a timestamptz ("2026-11-25 15:40:01.123456+00"), its fields captured. */
const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?$/;
/** Postgres accepts UTC offsets up to 15:59. */
const MAX_OFFSET_HOURS = 15;

/**
 * Whether the text is a time that exists: the shape alone lets a hand-made cursor through with
 * February 30th or hour 25, which Postgres then refuses (a 500 instead of this 400).
 */
function isRealTimestamp(text: string): boolean {
  const fields = TIMESTAMP_TEXT.exec(text);
  if (!fields) return false;
  const [year, month, day, hour, minute, second] = fields.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [offsetHours, offsetMinutes] = [Number(fields[8]), Number(fields[9] ?? 0)];
  // Date.UTC rolls an impossible day over into the next month: a real date comes back unchanged.
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    offsetHours <= MAX_OFFSET_HOURS &&
    offsetMinutes < 60
  );
}

// The key reaches SQL: text Postgres can hold (a cursor made by hand may carry a NUL).
const cursor = pageCursor(z.tuple([z.string().refine(isRealTimestamp), storableText(z.string().min(1).max(150))]));

export function encodeActivityCursor({ at, key }: ActivityCursor): string {
  return cursor.encode([at, key]);
}

/** The cursor a client sent back; 400 `invalid_cursor` for anything this server did not issue. */
export function decodeActivityCursor(value: string): ActivityCursor {
  const [at, key] = cursor.decode(value);
  return { at, key };
}
