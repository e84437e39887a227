// What a twin's owner controls (SPEC.md §2's /info switches): the routes that read and change them,
// and the switches themselves, which the twin's own actions (twin-actions/) obey.

export { type PeopleMemoryRouteDeps, peopleMemoryRoutes } from './people-memory-routes.ts';
export { type AgentActionsRouteDeps, agentActionsRoutes } from './routes.ts';
export { agentActionsFor, agentActionsOf, type ScheduledAction, updateAgentActions } from './switches.ts';
