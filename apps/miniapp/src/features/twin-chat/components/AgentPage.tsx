import { lazy, Suspense, useEffect } from 'react';
import { useParams } from '../../../lib/router/index.ts';
import { AgentActionsSummary } from '../../agent-actions/components/AgentActionsSummary.tsx';
import { flattenAgents, useAgentsByFid, useAgentsDirectory } from '../../agents/api/agents.ts';
import { useFrame } from '../../frame/index.ts';
import { ChatSkeleton } from '../../native/components/ChatSkeleton.tsx';
import { RevivedBy } from '../../twin-wallet/components/RevivedBy.tsx';
import { WebVisitorPanel } from '../../web-sign-in/components/WebVisitorPanel.tsx';
import { TwinChat } from './TwinChat.tsx';

/** The owner's part of the page: loaded for the owner only, so a visitor's first load is lighter. */
const OwnerTwinPageLinks = lazy(() => import('./OwnerTwinPageLinks.tsx'));

/**
 * /agent/{agentId}: chat with a twin, found among the user's agents or the directory. A twin that
 * is not on the directory pages loaded so far is looked for on the next ones (SPEC.md §7 has no
 * call for one agent), so a link to any twin works however long the directory is.
 */
export function AgentPage() {
  const { agentId = '' } = useParams();
  const frame = useFrame();
  const mine = useAgentsByFid(frame.fid);
  const directory = useAgentsDirectory();
  const agent = [...(mine.data?.agents ?? []), ...flattenAgents(directory.data?.pages)].find(
    (candidate) => candidate.agentId === agentId,
  );
  const searching = !agent && directory.isSuccess && directory.hasNextPage;
  const { fetchNextPage, isFetchingNextPage, isFetchNextPageError } = directory;
  // A failed page ends the search (logged by the query cache): the page shows what it has.
  const searchOn = searching && !isFetchNextPageError;
  // Once per page loaded (the page count is in the deps: a quick page may never show as fetching).
  const pagesLoaded = directory.data?.pages.length ?? 0;
  useEffect(() => {
    if (searchOn && !isFetchingNextPage && pagesLoaded > 0) void fetchNextPage();
  }, [searchOn, isFetchingNextPage, fetchNextPage, pagesLoaded]);

  const owned = mine.data?.agents.some((candidate) => candidate.agentId === agentId) ?? false;
  const waiting = frame.isLoading || (frame.fid !== null && mine.isPending) || directory.isPending || searchOn;
  if (waiting) return <ChatSkeleton />;
  return (
    <TwinChat key={agentId} agentId={agentId} agent={agent} fid={frame.fid} variant="agentPage">
      <AgentActionsSummary agentId={agentId} />
      <RevivedBy agentId={agentId} />
      {owned ? (
        <Suspense fallback={null}>
          <OwnerTwinPageLinks agentId={agentId} />
        </Suspense>
      ) : null}
      <WebVisitorPanel agentId={agentId} />
    </TwinChat>
  );
}

export default AgentPage;
