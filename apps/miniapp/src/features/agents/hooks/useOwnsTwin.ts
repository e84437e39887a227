import { useFrame } from '../../../platform/frame/index.ts';
import { useAgentsByFid } from '../api/agents.ts';

/** Whether the user (the client's, or web mode's signed-in one) owns this twin: it is among theirs. */
export function useOwnsTwin(agentId: string): boolean {
  const { fid } = useFrame();
  // The screens showing a twin have asked for the user's twins already: this reads the same query.
  const mine = useAgentsByFid(fid);
  return mine.data?.agents.some((agent) => agent.agentId === agentId) ?? false;
}
