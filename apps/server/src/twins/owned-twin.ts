import type { Db } from '../platform/db/database.ts';
import { agentIdParam } from '../platform/http/agent-id-param.ts';
import { HttpError } from '../platform/http/errors.ts';
import { findTwin, type TwinRecord } from './repository.ts';

/** The twin a path names: 400 for a malformed id, 404 for an unknown one. */
export async function twinOf(db: Db, agentId: string): Promise<TwinRecord> {
  const twin = await findTwin(db, agentIdParam(agentId));
  if (!twin) throw new HttpError(404, 'unknown_agent', `No agent with id ${agentId}`);
  return twin;
}

/** The twin a path names, when the signed-in fid is its owner's; 403 otherwise (`what`: what only the owner may do). */
export async function ownedTwin(db: Db, agentId: string, authFid: number, what: string): Promise<TwinRecord> {
  const twin = await twinOf(db, agentId);
  if (authFid !== twin.ownerFid) {
    throw new HttpError(403, 'forbidden', `Only the twin's owner can ${what} (signed in as fid ${authFid})`);
  }
  return twin;
}
