export {
  agentKey,
  agentsByFidKey,
  directoryKey,
  flattenAgents,
  useAgent,
  useAgentsByFid,
  useAgentsDirectory,
} from './api/agents.ts';
