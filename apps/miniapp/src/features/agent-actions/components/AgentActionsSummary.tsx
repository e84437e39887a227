import { agentActionKeys } from '@fartwin/protocol';
import { useAgentActions } from '../api/agent-actions.ts';
import { agentActionsTexts } from '../texts.ts';
import '../agent-actions.css';

/**
 * One read-only line of what a twin does on its own (its /info switches), e.g. "Replies when
 * tagged · Posts twice a day". An empty line while it loads; nothing when it cannot be read. Direct messages
 * count only where this server can answer them.
 */
export function AgentActionsSummary({ agentId }: { agentId: string }) {
  const { data, isPending } = useAgentActions(agentId);
  // Its line is held while it loads, so the chat under it does not move when it arrives.
  if (isPending) return <p className="agent-actions-summary" aria-hidden="true" />;
  if (!data) return null;
  const doing = agentActionKeys.filter(
    (key) => data.actions[key] && (key !== 'replyToDirectMessages' || data.directMessagesAvailable),
  );
  return (
    <p className="agent-actions-summary" role="note" aria-label={agentActionsTexts.summaryLabel}>
      {doing.length > 0
        ? doing.map((key) => agentActionsTexts.summary[key]).join(' · ')
        : agentActionsTexts.summaryNone}
    </p>
  );
}
