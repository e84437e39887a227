export {
  agentKey,
  agentsByFidKey,
  directoryKey,
  flattenAgents,
  loadAgentRequests,
  useAgent,
  useAgentsByFid,
  useAgentsDirectory,
} from './api/agents.ts';
export { useOwnsTwin } from './hooks/useOwnsTwin.ts';
