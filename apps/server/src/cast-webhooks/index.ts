// Casts that tag twins, brought by Neynar's webhook: the route that takes them and the job that keeps
// its filters in step.
export { followTwin, startCastWebhookSync } from './cast-webhook-sync.ts';
export { NEYNAR_WEBHOOK_PATH, neynarWebhookRoutes } from './routes.ts';
