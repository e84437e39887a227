import { useId } from 'react';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { Sheet } from '../components/Sheet.tsx';
import { AddMiniAppForm } from './AddMiniAppForm.tsx';
import type { InstallationControls } from './use-installation.ts';

/**
 * The client's own menu for the open mini-app (the "…" over the frame): add it, turn its
 * notifications on or off, remove it.
 */
export function AppMenuSheet({ install, onClose }: { install: InstallationControls; onClose: () => void }) {
  const { installation } = install;
  const checkboxId = useId();
  if (!installation) {
    return (
      <Sheet title="Fartwin" testId="app-menu" onClose={onClose}>
        {install.loadError ? (
          <ErrorNote error={install.loadError} trying="Could not read whether you added the app" />
        ) : (
          <p className="muted">Loading…</p>
        )}
      </Sheet>
    );
  }
  if (!installation.added) {
    return (
      <Sheet title="Fartwin" testId="app-menu">
        <AddMiniAppForm install={install} onAdded={onClose} onCancel={onClose} />
      </Sheet>
    );
  }
  return (
    <Sheet title="Fartwin" testId="app-menu" onClose={onClose}>
      <p>Added to your apps.</p>
      <p className="checkbox-line">
        <input
          id={checkboxId}
          type="checkbox"
          role="switch"
          checked={installation.notificationDetails !== null}
          aria-checked={installation.notificationDetails !== null}
          disabled={install.pending}
          onChange={(event) => void install.setNotifications(event.target.checked).catch(() => {})}
        />
        <label htmlFor={checkboxId}>Notifications</label>
      </p>
      <ErrorNote error={install.changeError} trying="Could not change the app" />
      <div className="sheet-actions">
        <button
          type="button"
          className="button-danger"
          disabled={install.pending}
          onClick={() => void install.remove().catch(() => {})}
        >
          Remove app
        </button>
      </div>
    </Sheet>
  );
}
