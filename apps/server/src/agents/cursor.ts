import { z } from 'zod';
import { HttpError } from '../http/errors.ts';

/** Where a directory page ended: the last agent's (created_at, id). */
export interface DirectoryCursor {
  createdAt: Date;
  id: number;
}

const cursorSchema = z.tuple([z.string().datetime({ offset: true }), z.number().int().nonnegative()]);

/**
 * Opaque to clients (base64url JSON) so the ordering key can change without breaking the API.
 * agents.created_at has millisecond precision, so a JS Date carries it exactly.
 */
export function encodeCursor(cursor: DirectoryCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.toISOString(), cursor.id])).toString('base64url');
}

export function decodeCursor(value: string): DirectoryCursor {
  try {
    const [createdAt, id] = cursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return { createdAt: new Date(createdAt), id };
  } catch {
    throw new HttpError(400, 'invalid_cursor', 'The cursor is not one this server issued');
  }
}
