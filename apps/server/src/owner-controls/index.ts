// What a twin's owner controls: the routes that read and change the twin's switches (kept in
// twin-switches/, which the twin's own actions obey), the owner's review of drafts, the people
// the twin remembers and the owner's example answers.
export { type ApprovalRouteDeps, approvalRoutes } from './approval-routes.ts';
export { type OwnerExampleRouteDeps, ownerExampleRoutes } from './owner-examples.ts';
export { type PeopleMemoryRouteDeps, peopleMemoryRoutes } from './people-memory-routes.ts';
export { type AgentActionsRouteDeps, agentActionsRoutes } from './routes.ts';
export { startCastLearning, voiceRoutes } from './voice/index.ts';
