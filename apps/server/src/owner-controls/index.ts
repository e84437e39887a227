// What a twin's owner controls (the four /info switches): the routes that read and change them,
// and the switches themselves, which the twin's own actions (twin-actions/) obey; pause and "ask me
// first" beside them, and the owner's review of drafts.
export { type ApprovalRouteDeps, approvalRoutes } from './approval-routes.ts';
export { type OwnerExampleRouteDeps, ownerExampleRoutes } from './owner-examples.ts';
export { type PeopleMemoryRouteDeps, peopleMemoryRoutes } from './people-memory-routes.ts';
export { type AgentActionsRouteDeps, agentActionsRoutes } from './routes.ts';
export {
  agentActionsFor,
  agentActionsOf,
  ownerSwitchesOf,
  type ScheduledAction,
  updateAgentActions,
  updateOwnerControls,
} from './switches.ts';
