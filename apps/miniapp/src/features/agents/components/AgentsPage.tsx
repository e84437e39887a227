import { useDeferredValue } from 'react';
import { strings } from '../../../lib/strings.ts';
import { AgentsSkeleton } from '../../../platform/native/components/AgentsSkeleton.tsx';
import { flattenAgents, useAgentsDirectory } from '../api/agents.ts';
import { AgentCard } from './AgentCard.tsx';
import { ComposeFab } from './ComposeFab.tsx';

/** /agents: the directory grid (1, 2, 4 or 8 columns by width). */
export function AgentsPage() {
  const directory = useAgentsDirectory();
  // The grid renders in a transition once the directory arrives, which React splits into short
  // tasks: the skeleton stays until then, and the page keeps answering input meanwhile.
  const pending = useDeferredValue(directory.isPending);
  if (directory.isPending || pending) return <AgentsSkeleton />;
  const agents = flattenAgents(directory.data?.pages);
  return (
    <div className="page">
      <h1 className="page__title">{strings.agentsTitle}</h1>
      {agents.length === 0 ? (
        <p className="empty">{strings.noAgents}</p>
      ) : (
        <ul className="agents-grid">
          {agents.map((agent) => (
            <AgentCard key={agent.agentId} agent={agent} />
          ))}
        </ul>
      )}
      {directory.hasNextPage ? (
        <button
          type="button"
          className="button load-more"
          disabled={directory.isFetchingNextPage}
          onClick={() => void directory.fetchNextPage()}
        >
          {strings.loadMore}
        </button>
      ) : null}
      <ComposeFab />
    </div>
  );
}

export default AgentsPage;
