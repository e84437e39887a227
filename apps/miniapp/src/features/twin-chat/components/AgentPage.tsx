import { useParams } from 'react-router';
import { flattenAgents, useAgentsByFid, useAgentsDirectory } from '../../agents/api/agents.ts';
import { LoadingScreen, useFrame } from '../../frame/index.ts';
import { TwinChat } from './TwinChat.tsx';

/** /agent/{agentId}: chat with a twin, found among the user's agents or the directory. */
export function AgentPage() {
  const { agentId = '' } = useParams();
  const frame = useFrame();
  const mine = useAgentsByFid(frame.fid);
  const directory = useAgentsDirectory();
  const waiting = frame.isLoading || (frame.fid !== null && mine.isPending) || directory.isPending;
  if (waiting) return <LoadingScreen />;
  const agent = [...(mine.data?.agents ?? []), ...flattenAgents(directory.data?.pages)].find(
    (candidate) => candidate.agentId === agentId,
  );
  return <TwinChat key={agentId} agentId={agentId} agent={agent} fid={frame.fid} variant="agentPage" />;
}

export default AgentPage;
