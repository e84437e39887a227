import { Link } from '../../../lib/router/index.ts';
import { useOwnerControls } from '../api/owner-controls.ts';
import { agentActionsTexts } from '../texts.ts';

/** For the twin's owner: a short note in the chat while the twin is paused (the chat still works). */
export function PausedNote({ agentId }: { agentId: string }) {
  const { data } = useOwnerControls(agentId);
  if (!data?.controls.paused) return null;
  return (
    <p className="agent-actions-summary" role="note" aria-label={agentActionsTexts.pausedLabel}>
      {agentActionsTexts.pausedNote} <Link to="/info">{agentActionsTexts.pausedResume}</Link>
    </p>
  );
}
