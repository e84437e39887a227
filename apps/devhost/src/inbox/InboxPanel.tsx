import { useQuery } from '@tanstack/react-query';
import type { InboxEntry } from '../api/client-api.ts';
import { clientQueryKeys, farcasterClient, installationQuery } from '../api/farcaster-client.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';

/** New notifications show within this long (the mini-app's server sends whenever it likes). */
const INBOX_POLL_MS = 2_000;

/** What the person is told about their notifications for Fartwin. */
function useNotificationSetting(fid: number) {
  const installation = useQuery(installationQuery(fid)).data;
  if (!installation) return null;
  if (!installation.added)
    return 'Fartwin is not in your apps: add it from the ⋯ menu over the app to get notifications.';
  if (!installation.notificationDetails) return 'Notifications from Fartwin are off (⋯ menu over the app).';
  return 'Notifications from Fartwin are on.';
}

/**
 * The signed-in user's notifications, as the dev host received them at its notification URL (the
 * one the mini-app's server was given when the app was added). Opening one launches the mini-app
 * at its target, with a notification location in the context.
 */
export function InboxPanel({ fid, onOpen }: { fid: number; onOpen: (entry: InboxEntry) => void }) {
  const inbox = useQuery({
    queryKey: clientQueryKeys.inbox(fid),
    queryFn: () => farcasterClient.inbox(fid),
    refetchInterval: INBOX_POLL_MS,
  });
  const setting = useNotificationSetting(fid);
  return (
    <section className="panel" data-testid="inbox">
      <h2>Notifications</h2>
      {setting ? <p className="muted">{setting}</p> : null}
      <ErrorNote error={inbox.error} trying="Could not read the notifications" />
      {inbox.data?.length === 0 ? <p className="muted">No notifications yet.</p> : null}
      {inbox.data?.length ? (
        <ol className="inbox">
          {inbox.data.map((entry) => (
            <li key={`${entry.notificationId}@${entry.receivedAt}`} data-notification-id={entry.notificationId}>
              <button type="button" className="inbox-item" onClick={() => onOpen(entry)}>
                <strong>{entry.title}</strong>
                <span>{entry.body}</span>
                <time dateTime={entry.receivedAt}>
                  {new Date(entry.receivedAt).toLocaleTimeString()}
                  {entry.deliveries > 1 ? ` · sent ${entry.deliveries}× (shown once)` : ''}
                </time>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
