import { apiPaths, conversationHistorySchema } from '@fartwin/protocol';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiJson } from '../../../lib/api-client.ts';

/** GET the stored turns of a twin's conversation; none when the server keeps no history. */
export function useConversationHistory(agentId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['conversation', agentId],
    queryFn: async () => {
      try {
        return await apiJson(apiPaths.conversation(agentId), conversationHistorySchema, { auth: true });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { turns: [] };
        throw error;
      }
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
