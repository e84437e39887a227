import { describe, expect, it } from 'vitest';
import { HttpError } from '../platform/http/errors.ts';
import { decodeCursor, encodeCursor } from './directory-cursor.ts';

describe('directory cursor', () => {
  it('round-trips (created_at, id) opaquely', () => {
    const cursor = { createdAt: new Date('2026-11-21T12:00:00.123Z'), id: 42 };
    const encoded = encodeCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(encoded)).toEqual(cursor);
  });

  it('refuses anything it did not issue with a 400', () => {
    for (const forged of ['', 'abc', Buffer.from('["yesterday", 1]').toString('base64url')]) {
      expect(() => decodeCursor(forged)).toThrow(HttpError);
    }
  });
});
