import type { ReviversResponse } from '@fartwin/protocol';
import type { Db } from '../platform/db/database.ts';
import { findTwin } from '../twins/index.ts';
import { lastRevivers } from './revival-store.ts';

/** A twin's last revivers for its page; null for an unknown twin. */
export async function reviversOf(db: Db, agentId: string): Promise<ReviversResponse | null> {
  if (!(await findTwin(db, agentId))) return null;
  return { agentId, revivers: await lastRevivers(db, agentId) };
}
