import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../platform/db/database.ts';
import { type Character, characterSchema } from '../twin-mind/index.ts';

/** Characters kept per replica. */
const MAX_CHARACTERS = 1_000;

interface Kept {
  version: number;
  character: Character;
}

const caches = new WeakMap<Db, LRUCache<string, Kept>>();

/**
 * A twin's character for the chat, parsed (tens of kilobytes of casts, checked) once per change rather
 * than before every message's first token. The owner changes it (owner-controls/voice) and it learns
 * new casts, on any replica: each read compares the kept `voice_version` with the row's in one
 * indexed read, and the row sends the character only when it changed. Chosen over LISTEN/NOTIFY: no
 * connection held per replica, nothing missed while one reconnects, correct on the very next reply.
 * Null for an unknown twin.
 */
export async function cachedTwinCharacter(db: Db, agentId: string): Promise<Character | null> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, Kept>({ max: MAX_CHARACTERS });
    caches.set(db, cache);
  }
  const kept = cache.get(agentId);
  const row = await db
    .selectFrom('agents')
    .select([
      'voice_version',
      kept
        ? sql<unknown>`case when voice_version = ${kept.version} then null else character end`.as('character')
        : 'character',
    ])
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  if (!row) {
    cache.delete(agentId);
    return null;
  }
  if (kept && row.voice_version === kept.version) return kept.character;
  const fresh = { version: row.voice_version, character: characterSchema.parse(row.character) };
  cache.set(agentId, fresh);
  return fresh.character;
}
