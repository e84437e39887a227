import { activityPath, activityResponseSchema, draftResponseSchema, ownerApprovalPaths } from '@fartwin/protocol';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client.ts';

const activityKey = (agentId: string | null) => ['twin-activity', agentId] as const;

/** GET /doppelganger/activity/{agentId} as its owner (signed in: everything), a page at a time. */
export function useActivity(agentId: string | null) {
  return useInfiniteQuery({
    queryKey: activityKey(agentId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiJson(activityPath(agentId!, pageParam ? { cursor: pageParam } : {}), activityResponseSchema, { auth: true }),
    getNextPageParam: (page) => page.nextCursor,
    enabled: agentId !== null,
  });
}

/** Publish (as written, or with `text`) or discard a draft; the activity reloads after. */
export function useDraftAction(agentId: string, key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'publish'; text?: string } | { kind: 'discard' }) =>
      action.kind === 'publish'
        ? apiJson(ownerApprovalPaths.publishDraft(agentId, key), draftResponseSchema, {
            method: 'POST',
            body: action.text === undefined ? {} : { text: action.text },
            auth: true,
          })
        : apiJson(ownerApprovalPaths.discardDraft(agentId, key), draftResponseSchema, { method: 'POST', auth: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: activityKey(agentId) }),
  });
}
