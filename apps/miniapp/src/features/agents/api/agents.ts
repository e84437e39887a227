import {
  type Agent,
  agentsByFidResponseSchema,
  agentsResponseSchema,
  apiPaths,
  DIRECTORY_PAGE_SIZE,
} from '@fartwin/protocol';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client.ts';

export const agentsByFidKey = (fid: number | null) => ['agents-by-fid', fid] as const;

/** GET /doppelganger/agents/{fid}: the user's twin, or the questions to create one. */
export function useAgentsByFid(fid: number | null) {
  return useQuery({
    queryKey: agentsByFidKey(fid),
    queryFn: () => apiJson(apiPaths.agentsByFid(fid!), agentsByFidResponseSchema),
    enabled: fid !== null,
    // SPEC.md §8: agent list fetch errors are only logged.
    meta: { errorLog: 'Loading your agents failed' },
  });
}

/** GET /doppelganger/agents, a page at a time. */
export function useAgentsDirectory() {
  return useInfiniteQuery({
    queryKey: ['agents-directory'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(DIRECTORY_PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return apiJson(`${apiPaths.agents}?${query}`, agentsResponseSchema);
    },
    getNextPageParam: (page) => page.nextCursor,
    meta: { errorLog: 'Loading the agents failed' },
  });
}

export function flattenAgents(pages: { agents: Agent[] }[] | undefined): Agent[] {
  return pages?.flatMap((page) => page.agents) ?? [];
}
