import { activityPath, activityResponseSchema, draftResponseSchema, ownerApprovalPaths } from '@fartwin/protocol';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client.ts';

/** How often an open Activity screen reads again while it is in sight. */
export const ACTIVITY_REFRESH_MS = 30_000;

const activityKey = (agentId: string | null) => ['twin-activity', agentId] as const;

/**
 * GET /doppelganger/activity/{agentId} as its owner (signed in: everything), a page at a time. The
 * twin acts on its own while the screen is open, so, unlike the app's other reads, it is read again
 * when the page is back in sight and every 30 s while it is (never in the background); a re-read
 * reads again every page already loaded, so the list keeps its length.
 */
export function useActivity(agentId: string | null) {
  return useInfiniteQuery({
    queryKey: activityKey(agentId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiJson(activityPath(agentId!, pageParam ? { cursor: pageParam } : {}), activityResponseSchema, { auth: true }),
    getNextPageParam: (page) => page.nextCursor,
    enabled: agentId !== null,
    refetchOnWindowFocus: true,
    refetchInterval: ACTIVITY_REFRESH_MS,
    refetchIntervalInBackground: false,
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
