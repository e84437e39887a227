import { useId, useState } from 'react';
import { ErrorNote } from '../components/ErrorNote.tsx';
import type { InstallationControls } from './use-installation.ts';

interface Props {
  install: InstallationControls;
  /** The add went through (the mini-app's server took the webhook). */
  onAdded: (notificationDetails: { url: string; token: string } | null) => void;
  onCancel: () => void;
}

/** Adding the mini-app, as a real client asks: with notifications on unless the person unticks it. */
export function AddMiniAppForm({ install, onAdded, onCancel }: Props) {
  const [notifications, setNotifications] = useState(true);
  const checkboxId = useId();
  const add = async () => {
    const installation = await install.add(notifications).catch(() => null);
    if (installation) onAdded(installation.notificationDetails);
  };
  return (
    <>
      <p>Add Fartwin to your apps to find it again from the apps list.</p>
      <p className="checkbox-line">
        <input
          id={checkboxId}
          type="checkbox"
          checked={notifications}
          disabled={install.pending}
          onChange={(event) => setNotifications(event.target.checked)}
        />
        <label htmlFor={checkboxId}>Turn on notifications</label>
      </p>
      <ErrorNote error={install.changeError} trying="Could not add the app" />
      <div className="sheet-actions">
        <button type="button" className="button-secondary" disabled={install.pending} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button-primary" disabled={install.pending} onClick={add}>
          {install.pending ? 'Adding…' : 'Add app'}
        </button>
      </div>
    </>
  );
}
