import type { AgentActionKey } from '@fartwin/protocol';
import { requestErrorText } from '../../../lib/request-error.ts';
import { useSaveAgentAction } from '../api/agent-actions.ts';
import { ActionRow } from './ActionRow.tsx';

/**
 * A switch of the signed-in owner's twin that saves as soon as it is flipped. While saving it shows
 * the new position; a failed save goes back to the saved one and says why.
 */
export function SavedActionToggle({
  agentId,
  actionKey,
  saved,
  note,
}: {
  agentId: string;
  actionKey: AgentActionKey;
  saved: boolean;
  note?: string | null;
}) {
  const save = useSaveAgentAction(agentId, actionKey);
  const checked = save.isPending ? save.variables : saved;
  return (
    <ActionRow
      actionKey={actionKey}
      checked={checked}
      saving={save.isPending}
      error={save.isError ? requestErrorText(save.error) : null}
      note={note ?? null}
      onChange={(on) => save.mutate(on)}
    />
  );
}
