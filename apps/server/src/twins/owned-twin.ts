import type { Db } from '../platform/db/database.ts';
import { agentIdParam } from '../platform/http/agent-id-param.ts';
import { HttpError } from '../platform/http/errors.ts';
import { type AgentRecord, findAgent } from './repository.ts';

/** The twin a path names: 400 for a malformed id, 404 for an unknown one. */
export async function agentOf(db: Db, agentId: string): Promise<AgentRecord> {
  const agent = await findAgent(db, agentIdParam(agentId));
  if (!agent) throw new HttpError(404, 'unknown_agent', `No agent with id ${agentId}`);
  return agent;
}

/** The twin a path names, when the signed-in fid is its owner's; 403 otherwise (`what`: what only the owner may do). */
export async function ownedAgent(db: Db, agentId: string, authFid: number, what: string): Promise<AgentRecord> {
  const agent = await agentOf(db, agentId);
  if (authFid !== agent.ownerFid) {
    throw new HttpError(403, 'forbidden', `Only the twin's owner can ${what} (signed in as fid ${authFid})`);
  }
  return agent;
}
