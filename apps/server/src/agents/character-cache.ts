import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database.ts';
import type { Character } from '../twin/character.ts';
import { findAgentCharacter } from './repository.ts';

/** Characters kept per replica, and for how long: a twin's character never changes after its deploy. */
const MAX_CHARACTERS = 1_000;
const CHARACTER_TTL_MS = 5 * 60_000;

const caches = new WeakMap<Db, LRUCache<string, Character>>();

/**
 * A twin's character for the chat, read (tens of kilobytes of casts, parsed and checked) once per
 * replica and kept a while, rather than before every message's first token. Null for an unknown agent.
 */
export async function cachedAgentCharacter(db: Db, agentId: string): Promise<Character | null> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, Character>({
      max: MAX_CHARACTERS,
      ttl: CHARACTER_TTL_MS,
      fetchMethod: async (key) => (await findAgentCharacter(db, key)) ?? undefined,
    });
    caches.set(db, cache);
  }
  return (await cache.fetch(agentId)) ?? null;
}
