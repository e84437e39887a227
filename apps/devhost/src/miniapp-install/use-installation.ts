import type { MiniAppClientEvent } from '@farcaster/miniapp-host';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Installation } from '../api/client-api.ts';
import { farcasterClient, installationQuery } from '../api/farcaster-client.ts';

/** What a change of the installation tells the mini-app (added, removed, notifications on or off). */
function eventFor(before: Installation | undefined, after: Installation): MiniAppClientEvent | null {
  if (!after.added) return before?.added ? { event: 'miniapp_removed' } : null;
  if (!before?.added) {
    return after.notificationDetails
      ? { event: 'miniapp_added', notificationDetails: after.notificationDetails }
      : { event: 'miniapp_added' };
  }
  if (after.notificationDetails && !before.notificationDetails)
    return { event: 'notifications_enabled', notificationDetails: after.notificationDetails };
  if (!after.notificationDetails && before.notificationDetails) return { event: 'notifications_disabled' };
  return null;
}

/**
 * Whether the signed-in user added the mini-app, and the client's own controls for it: add (with or
 * without notifications), notifications on or off, remove. The dev host's backend signs and sends
 * the matching webhook event to the mini-app's server; each change that went through is also told
 * to the running mini-app through `emit`.
 */
export function useInstallation(fid: number, emit: (event: MiniAppClientEvent) => void) {
  const queryClient = useQueryClient();
  const query = installationQuery(fid);
  const key = query.queryKey;
  const installation = useQuery(query);

  const change = useMutation({
    mutationFn: (
      request:
        | { kind: 'add'; notifications: boolean }
        | { kind: 'notifications'; enabled: boolean }
        | { kind: 'remove' },
    ) => {
      switch (request.kind) {
        case 'add':
          return farcasterClient.add(fid, request.notifications);
        case 'notifications':
          return farcasterClient.setNotifications(fid, request.enabled);
        case 'remove':
          return farcasterClient.remove(fid);
      }
    },
    onSuccess: (after) => {
      const event = eventFor(queryClient.getQueryData(key), after);
      queryClient.setQueryData(key, after);
      if (event) emit(event);
    },
  });

  return {
    installation: installation.data,
    loadError: installation.error,
    pending: change.isPending,
    changeError: change.error,
    resetError: change.reset,
    add: (notifications: boolean) => change.mutateAsync({ kind: 'add', notifications }),
    setNotifications: (enabled: boolean) => change.mutateAsync({ kind: 'notifications', enabled }),
    remove: () => change.mutateAsync({ kind: 'remove' }),
  };
}

export type InstallationControls = ReturnType<typeof useInstallation>;
