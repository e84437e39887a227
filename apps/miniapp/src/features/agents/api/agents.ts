import type { Agent } from '@fartwin/protocol';
import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mayBeInClient } from '../../../lib/host-mode.ts';

/**
 * The requests, with the protocol's schemas that check the answers, load after the first paint. A
 * screen that shows twins loads them beside its own module (app/routes.tsx), not after it.
 */
export const loadAgentRequests = () => import('./requests.ts');

/** The directory's pages, in the query cache. */
export const directoryKey = ['agents-directory'] as const;
/** One twin, in the query cache (a twin's page). */
export const agentKey = (agentId: string) => ['agent', agentId] as const;

export const agentsByFidKey = (fid: number | null) => ['agents-by-fid', fid] as const;

/** GET /doppelganger/agents/{fid}: the user's twin, or the questions to create one. */
export function useAgentsByFid(fid: number | null) {
  // Loaded while a client's host answers with the context, so the fid's request does not wait for
  // it. A top-level page (web mode) knows its fid at once, and without one shows no server data.
  useEffect(() => {
    if (mayBeInClient()) void loadAgentRequests();
  }, []);
  return useQuery({
    queryKey: agentsByFidKey(fid),
    queryFn: async () => (await loadAgentRequests()).getAgentsByFid(fid!),
    enabled: fid !== null,
    // Agent list fetch errors are only logged.
    meta: { errorLog: 'Loading your agents failed' },
  });
}

/** GET /doppelganger/agents, a page at a time. */
export function useAgentsDirectory() {
  return useInfiniteQuery({
    queryKey: directoryKey,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => (await loadAgentRequests()).getAgentsPage(pageParam),
    getNextPageParam: (page) => page.nextCursor,
    meta: { errorLog: 'Loading the agents failed' },
  });
}

/**
 * One twin by its id (a twin's page): from the directory's pages already loaded when the person
 * came from there, at once, and in any case from the server, without loading the directory.
 */
export function useAgent(agentId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: agentKey(agentId),
    queryFn: async () => (await loadAgentRequests()).getAgent(agentId),
    placeholderData: () =>
      flattenAgents(queryClient.getQueryData<InfiniteData<{ agents: Agent[] }>>(directoryKey)?.pages).find(
        (agent) => agent.agentId === agentId,
      ),
    meta: { errorLog: 'Loading the twin failed' },
  });
}

export function flattenAgents(pages: { agents: Agent[] }[] | undefined): Agent[] {
  return pages?.flatMap((page) => page.agents) ?? [];
}
