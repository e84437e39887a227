// Deploying a twin: the route, the pipeline's queue and steps, the local sample twins.
export { startDeployQueue } from './deploy-queue.ts';
export { type DeployService, deployService } from './deploy-service.ts';
export { deployRoutes } from './routes.ts';
export { queueSampleTwins } from './sample-twins.ts';
export { decryptTwinWallet } from './wallet-keys.ts';
