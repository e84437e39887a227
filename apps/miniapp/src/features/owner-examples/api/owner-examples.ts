import {
  ownerExampleDeletedSchema,
  ownerExamplePaths,
  ownerExampleResponseSchema,
  ownerExamplesResponseSchema,
} from '@fartwin/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client.ts';

export const ownerExamplesKey = (agentId: string | null) => ['owner-examples', agentId] as const;

/** GET /doppelganger/examples/{agentId}: the owner's rewrites the twin follows (its owner only). */
export function useOwnerExamples(agentId: string | null) {
  return useQuery({
    queryKey: ownerExamplesKey(agentId),
    queryFn: () => apiJson(ownerExamplePaths.examples(agentId!), ownerExamplesResponseSchema, { auth: true }),
    enabled: agentId !== null,
  });
}

/** "How I'd say it" for one of the twin's replies; the list is read again after. */
export function useRewriteReply(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rewrite: { writingKey: string; answer: string }) =>
      apiJson(ownerExamplePaths.examples(agentId), ownerExampleResponseSchema, {
        method: 'POST',
        body: rewrite,
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerExamplesKey(agentId) }),
  });
}

/** Deletes one rewrite; the list is read again after. */
export function useDeleteExample(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson(ownerExamplePaths.example(agentId, id), ownerExampleDeletedSchema, { method: 'DELETE', auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerExamplesKey(agentId) }),
  });
}
