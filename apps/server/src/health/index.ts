// Health probes and the operator's view of the service's parts.
export { healthService } from './health-service.ts';
export { healthRoutes } from './routes.ts';
