import type { QueryClient } from '@tanstack/react-query';

/** The twin's economy query (no schemas here: the twin's links refresh it from every page's first load). */
export const economyQueryKey = (agentId: string) => ['twin-economy', agentId] as const;

/** Reads the twin's figures again now (after the person's own trade, say) instead of at the next poll. */
export function refreshTwinEconomy(queryClient: QueryClient, agentId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: economyQueryKey(agentId) });
}
