import {
  type OwnerControls,
  type OwnerControlsResponse,
  type OwnerControlsUpdate,
  ownerApprovalPaths,
  ownerControlsResponseSchema,
} from '@fartwin/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, type RequestOptions } from '../../../lib/api-client.ts';

export const ownerControlsKey = (agentId: string | null) => ['owner-controls', agentId] as const;

/** GET /doppelganger/controls/{agentId} as the signed-in owner: pause and "ask me first". */
export function useOwnerControls(agentId: string | null) {
  return useQuery({
    queryKey: ownerControlsKey(agentId),
    queryFn: () => apiJson(ownerApprovalPaths.controls(agentId!), ownerControlsResponseSchema, { auth: true }),
    enabled: agentId !== null,
  });
}

/** The control a row changes: pause, or "ask me first" for posts or for replies. */
export type OwnerControlKey = 'paused' | 'posts' | 'replies';

const updateOf = (key: OwnerControlKey, on: boolean): OwnerControlsUpdate =>
  key === 'paused' ? { paused: on } : { askFirst: { [key]: on } };
const controlValue = (controls: OwnerControls, key: OwnerControlKey): boolean =>
  key === 'paused' ? controls.paused : controls.askFirst[key];

/** Saves one control; only that control's saved value is taken from the answer. */
export function useSaveOwnerControl(agentId: string, key: OwnerControlKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => {
      const options: RequestOptions = { method: 'PATCH', body: updateOf(key, on), auth: true };
      return apiJson(ownerApprovalPaths.controls(agentId), ownerControlsResponseSchema, options);
    },
    onSuccess: (saved) =>
      queryClient.setQueryData<OwnerControlsResponse>(ownerControlsKey(agentId), (current) => {
        if (!current) return saved;
        const on = controlValue(saved.controls, key);
        const controls =
          key === 'paused'
            ? { ...current.controls, paused: on }
            : { ...current.controls, askFirst: { ...current.controls.askFirst, [key]: on } };
        return { ...current, controls };
      }),
  });
}
