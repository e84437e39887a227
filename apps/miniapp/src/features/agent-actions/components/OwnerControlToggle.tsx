import { OWNER_CONTROL_TEXTS } from '@fartwin/protocol';
import { requestErrorText } from '../../../lib/request-error.ts';
import { type OwnerControlKey, useSaveOwnerControl } from '../api/owner-controls.ts';
import { ToggleRow } from './ActionRow.tsx';

/** Pause, or "ask me first" for posts or replies: saved as soon as it is flipped, as the /info switches are. */
export function OwnerControlToggle({
  agentId,
  controlKey,
  saved,
}: {
  agentId: string;
  controlKey: OwnerControlKey;
  saved: boolean;
}) {
  const save = useSaveOwnerControl(agentId, controlKey);
  const checked = save.isPending ? save.variables : saved;
  return (
    <ToggleRow
      id={controlKey === 'paused' ? 'paused' : `ask-first-${controlKey}`}
      {...OWNER_CONTROL_TEXTS[controlKey]}
      checked={checked}
      saving={save.isPending}
      error={save.isError ? requestErrorText(save.error) : null}
      onChange={(on) => save.mutate(on)}
    />
  );
}
