import { apiPaths, peopleMemoryClearedSchema, peopleMemoryResponseSchema } from '@fartwin/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client.ts';

export const peopleMemoryKey = (agentId: string | null) => ['people-memory', agentId] as const;

/** GET /doppelganger/people-memory/{agentId}: what the twin remembers of people (its owner only). */
export function usePeopleMemory(agentId: string | null) {
  return useQuery({
    queryKey: peopleMemoryKey(agentId),
    queryFn: () => apiJson(apiPaths.peopleMemory(agentId!), peopleMemoryResponseSchema, { auth: true }),
    enabled: agentId !== null,
  });
}

/** Forgets one person (a fid), or everyone (null); the list is read again after. */
export function useForgetPeople(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fid: number | null) =>
      apiJson(
        fid === null ? apiPaths.peopleMemory(agentId) : apiPaths.personMemory(agentId, fid),
        peopleMemoryClearedSchema,
        { method: 'DELETE', auth: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleMemoryKey(agentId) }),
  });
}
