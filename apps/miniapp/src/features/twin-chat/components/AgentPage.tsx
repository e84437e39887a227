import { lazy, Suspense, useDeferredValue } from 'react';
import { useParams } from '../../../lib/router/index.ts';
import { useFrame } from '../../../platform/frame/index.ts';
import { ChatSkeleton } from '../../../platform/native/components/ChatSkeleton.tsx';
import { AgentActionsSummary } from '../../agent-actions/index.ts';
import { useAgent, useAgentsByFid } from '../../agents/index.ts';
import { RevivedBy } from '../../twin-wallet/index.ts';
import { TwinChat } from './TwinChat.tsx';
import { WebVisitorPanel } from './WebVisitorPanel.tsx';

/** The owner's part of the page: loaded for the owner only, so a visitor's first load is lighter. */
const OwnerTwinPageLinks = lazy(() => import('./OwnerTwinPageLinks.tsx'));

/**
 * /agent/{agentId}: chat with a twin, found among the user's agents or by its id (the directory
 * narrowed to it: no directory page to load, however long the directory is).
 */
export function AgentPage() {
  const { agentId = '' } = useParams();
  const frame = useFrame();
  const mine = useAgentsByFid(frame.fid);
  const found = useAgent(agentId);
  const owned = mine.data?.agents.find((candidate) => candidate.agentId === agentId);
  const agent = owned ?? found.data ?? undefined;
  const waiting = frame.isLoading || (frame.fid !== null && mine.isPending) || (!owned && found.isPending);
  // The page renders in a transition once its data arrives, which React splits into short tasks:
  // the skeleton stays until then, and the page keeps answering input meanwhile.
  const stillWaiting = useDeferredValue(waiting);
  if (waiting || stillWaiting) return <ChatSkeleton />;
  return (
    <TwinChat key={agentId} agentId={agentId} agent={agent} fid={frame.fid} variant="agentPage">
      <AgentActionsSummary agentId={agentId} />
      <RevivedBy agentId={agentId} />
      {owned !== undefined ? (
        <Suspense fallback={null}>
          <OwnerTwinPageLinks agentId={agentId} />
        </Suspense>
      ) : null}
      <WebVisitorPanel agentId={agentId} />
    </TwinChat>
  );
}

export default AgentPage;
