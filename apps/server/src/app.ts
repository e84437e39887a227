import type { Hono } from 'hono';
import type { AppDeps } from './app-deps.ts';
import type { DeployService } from './deploy/index.ts';
import { createHttpApp } from './http-app.ts';
import { createPool } from './platform/db/database.ts';
import { postgresRateLimits, type RateLimits } from './platform/limits/rate-limits.ts';
import { checkOperatorSetup, warnMissingSettings } from './production-checks.ts';
import { createServices, type Services } from './services.ts';
import type { TwinActions } from './twin-actions/index.ts';
import { startWorkers, type Workers } from './workers.ts';

/**
 * Connections the rate limits' store may hold: each check is one short statement. (A chat counts
 * its limits in the statement of its reads, on the app's pool: chat/chat-service.ts.)
 */
const RATE_LIMIT_CONNECTIONS = 3;

/**
 * The whole service: the services config chooses (services.ts), every queue and its worker
 * (workers.ts), the start-up checks (production-checks.ts) and the HTTP app (http-app.ts).
 * FARTWIN_ROLE chooses what this process runs: an API process registers no worker, a worker
 * process answers only its health probes.
 */
export async function createApp(deps: AppDeps): Promise<{
  app: Hono;
  services: Services;
  deploy: DeployService;
  twinActions: TwinActions;
  rateLimits: RateLimits;
  onLifePaid: Workers['onLifePaid'];
}> {
  const services = createServices(deps, deps.services);
  const rateLimitPool = createPool(deps.config.databaseUrl, { max: RATE_LIMIT_CONNECTIONS, logger: deps.logger });
  const workers = await startWorkers(deps, services, rateLimitPool);
  const rateLimits =
    deps.rateLimits ??
    postgresRateLimits({ pool: rateLimitPool, logger: deps.logger, trustProxyHops: deps.config.trustProxyHops });
  warnMissingSettings(deps.config, deps.logger);
  const app = await createHttpApp({ deps, services, workers, rateLimits });
  await checkOperatorSetup(deps, services);
  const { deploy, twinActions, onLifePaid } = workers;
  return { app, services, deploy, twinActions, rateLimits, onLifePaid };
}
