import { useQuery } from '@tanstack/react-query';

/** The stored turns of a twin's conversation (its request loads with the chat's other requests). */
export function useConversationHistory(agentId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['conversation', agentId],
    queryFn: async () => (await import('./chat.ts')).getConversation(agentId),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
