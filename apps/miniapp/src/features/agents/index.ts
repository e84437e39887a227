export { agentsByFidKey, flattenAgents, useAgentsByFid, useAgentsDirectory } from './api/agents.ts';
