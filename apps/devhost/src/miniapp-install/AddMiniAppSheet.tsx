import type { AddMiniApp } from '@farcaster/miniapp-host';
import { Sheet } from '../components/Sheet.tsx';
import { AddMiniAppForm } from './AddMiniAppForm.tsx';
import type { InstallationControls } from './use-installation.ts';

/** `addMiniApp` from the mini-app: the person adds it (the action's result) or cancels (null). */
export function AddMiniAppSheet({
  install,
  onDone,
}: {
  install: InstallationControls;
  onDone: (result: AddMiniApp.AddMiniAppResult | null) => void;
}) {
  return (
    <Sheet title="Add Fartwin?" testId="add-miniapp-sheet">
      <AddMiniAppForm
        install={install}
        onAdded={(notificationDetails) => onDone(notificationDetails ? { notificationDetails } : {})}
        onCancel={() => onDone(null)}
      />
    </Sheet>
  );
}
