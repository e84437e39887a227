import { activityPath, activityResponseSchema, draftResponseSchema, ownerApprovalPaths } from '@fartwin/protocol';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client.ts';

const activityKey = (agentId: string, owner: boolean) => ['twin-activity', agentId, owner] as const;

/** GET /doppelganger/activity/{agentId}, a page at a time; as the owner (signed in) it is everything. */
export function useActivity(agentId: string, owner: boolean) {
  return useInfiniteQuery({
    queryKey: activityKey(agentId, owner),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiJson(activityPath(agentId, pageParam ? { cursor: pageParam } : {}), activityResponseSchema, { auth: owner }),
    getNextPageParam: (page) => page.nextCursor,
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['twin-activity', agentId] }),
  });
}
