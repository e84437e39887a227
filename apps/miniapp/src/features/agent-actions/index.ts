export { agentActionsKey, useAgentActions } from './api/agent-actions.ts';
export { AgentActionsSummary } from './components/AgentActionsSummary.tsx';
export { PausedNote } from './components/PausedNote.tsx';
