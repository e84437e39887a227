import { agentsByFidResponseSchema, agentsResponseSchema, apiPaths, DIRECTORY_PAGE_SIZE } from '@fartwin/protocol';
import { apiJson } from '../../../lib/api-client.ts';

/** GET /doppelganger/agents/{fid}: the user's twin, or the questions to create one. */
export function getAgentsByFid(fid: number) {
  return apiJson(apiPaths.agentsByFid(fid), agentsByFidResponseSchema);
}

/** GET /doppelganger/agents, one page from the cursor. */
export function getAgentsPage(cursor: string | null) {
  const query = new URLSearchParams({ limit: String(DIRECTORY_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiJson(`${apiPaths.agents}?${query}`, agentsResponseSchema);
}

/** GET /doppelganger/agents?agentId=…: one twin, without the directory. */
export async function getAgent(agentId: string) {
  const query = new URLSearchParams({ agentId });
  return (await apiJson(`${apiPaths.agents}?${query}`, agentsResponseSchema)).agents[0] ?? null;
}
