import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { baseAppClient, baseAppQueryKeys } from './base-app-client.ts';

/** New notifications show within this long (the bot service sends whenever it likes). */
const INBOX_POLL_MS = 2_000;

/**
 * The plain browser's wallet as a Base App user: whether it saved Fartwin with notifications on
 * (Base's Notifications API only reaches those), and the notifications it received through that
 * API, by wallet address. Opening one opens the app at its path in a plain-browser tab.
 */
export function BaseNotificationsPanel({ address, onOpen }: { address: string; onOpen: (path: string) => void }) {
  const queryClient = useQueryClient();
  const user = useQuery({ queryKey: baseAppQueryKeys.user(address), queryFn: () => baseAppClient.user(address) });
  const inbox = useQuery({
    queryKey: baseAppQueryKeys.inbox(address),
    queryFn: () => baseAppClient.inbox(address),
    refetchInterval: INBOX_POLL_MS,
  });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => baseAppClient.setUser(address, enabled),
    onSuccess: (answer) => queryClient.setQueryData(baseAppQueryKeys.user(address), answer),
  });
  // While the change is on its way, the box shows what was asked (a checkbox answers at once).
  const enabled = toggle.isPending ? toggle.variables : user.data?.saved === true && user.data.notificationsEnabled;
  return (
    <section className="panel" data-testid="base-notifications" data-address={address}>
      <h2>Base notifications</h2>
      <label>
        <input
          type="checkbox"
          data-testid="base-notifications-enabled"
          checked={enabled}
          disabled={user.isPending || toggle.isPending}
          onChange={(event) => toggle.mutate(event.target.checked)}
        />{' '}
        Saved in the Base App with notifications on ({address.slice(0, 8)}…)
      </label>
      <ErrorNote
        error={user.error ?? toggle.error ?? inbox.error}
        trying="Could not reach the Base App's notifications"
      />
      {inbox.data?.length === 0 ? <p className="muted">No Base notifications yet.</p> : null}
      {inbox.data?.length ? (
        <ol className="inbox">
          {inbox.data.map((entry) => (
            <li key={`${entry.receivedAt}:${entry.title}`} data-target-path={entry.targetPath ?? '/'}>
              <button type="button" className="inbox-item" onClick={() => onOpen(entry.targetPath ?? '/')}>
                <strong>{entry.title}</strong>
                <span>{entry.message}</span>
                <time dateTime={entry.receivedAt}>{new Date(entry.receivedAt).toLocaleTimeString()}</time>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
