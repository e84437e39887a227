import { z } from 'zod';
import { pageCursor } from '../platform/http/page-cursor.ts';

/** Where a directory page ended: the last twin's (created_at, id). */
export interface DirectoryCursor {
  createdAt: Date;
  id: number;
}

/**
 * Opaque to clients (a page cursor) so the ordering key can change without breaking the API.
 * agents.created_at has millisecond precision, so a JS Date carries it exactly.
 */
const cursor = pageCursor(z.tuple([z.string().datetime({ offset: true }), z.number().int().nonnegative()]));

export function encodeCursor({ createdAt, id }: DirectoryCursor): string {
  return cursor.encode([createdAt.toISOString(), id]);
}

export function decodeCursor(value: string): DirectoryCursor {
  const [createdAt, id] = cursor.decode(value);
  return { createdAt: new Date(createdAt), id };
}
