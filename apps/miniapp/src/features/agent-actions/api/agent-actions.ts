import {
  type AgentActionKey,
  type AgentActionsResponse,
  type AgentActionsUpdate,
  agentActionsResponseSchema,
  apiPaths,
} from '@fartwin/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, type RequestOptions } from '../../../lib/api-client.ts';
import { ensureClientNotifies } from '../client-notifications.ts';

export const agentActionsKey = (agentId: string | null) => ['agent-actions', agentId] as const;

/** GET /doppelganger/actions/{agentId}: a twin's saved switches (anyone may read them). */
export function useAgentActions(agentId: string | null) {
  return useQuery({
    queryKey: agentActionsKey(agentId),
    queryFn: () => apiJson(apiPaths.agentActions(agentId!), agentActionsResponseSchema),
    enabled: agentId !== null,
  });
}

/** PATCH /doppelganger/actions/{agentId} as the signed-in owner: answers the saved switches. */
export function saveAgentActions(agentId: string, update: AgentActionsUpdate): Promise<AgentActionsResponse> {
  // RequestOptions (lib/api-client.ts) names GET and POST only; PATCH takes the same path otherwise.
  const options: RequestOptions = { method: 'PATCH', body: update, auth: true };
  return apiJson(apiPaths.agentActions(agentId), agentActionsResponseSchema, options);
}

/**
 * Saves one switch. Only that switch's saved value is taken from the answer, so two switches saved
 * at once never overwrite each other's result with an older one.
 */
export function useSaveAgentAction(agentId: string, key: AgentActionKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => {
      // Notifications need the client to have the app added with them: asked first, or why not.
      if (key === 'notifications' && on) await ensureClientNotifies();
      return saveAgentActions(agentId, { [key]: on });
    },
    onSuccess: (saved) =>
      queryClient.setQueryData<AgentActionsResponse>(agentActionsKey(agentId), (current) =>
        current ? { ...current, actions: { ...current.actions, [key]: saved.actions[key] } } : saved,
      ),
  });
}
