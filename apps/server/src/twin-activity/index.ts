// What a twin did, for its owner (everything, skips and drafts included) and for anyone (its public
// casts): read from what twin-actions/ records.
export { type ActivityDeps, activityPage } from './activity.ts';
export { type ActivityRouteDeps, activityRoutes } from './routes.ts';
