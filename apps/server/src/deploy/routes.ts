import { type DeployProgress, type DeployResponse, deployRequestSchema } from '@fartwin/protocol';
import { Hono } from 'hono';
import type { TokenVerifier } from '../auth/index.ts';
import { type AuthVariables, assertActingFor, requireAuth } from '../auth/index.ts';
import type { Db } from '../platform/db/database.ts';
import { fidParam } from '../platform/http/fid-param.ts';
import { jsonBody } from '../platform/http/json-body.ts';
import type { RateLimits } from '../platform/limits/rate-limits.ts';
import type { FarcasterData } from '../platform/providers/farcaster-data.ts';
import { deployRequest } from './deploy-request.ts';
import type { DeployService } from './deploy-service.ts';

/** Deploying the signed-in user's twin, and the pipeline's progress while it runs. */
export function deployRoutes(deps: {
  db: Db;
  tokens: TokenVerifier;
  farcaster: FarcasterData;
  deploy: DeployService;
  rateLimits: RateLimits;
  maxDeploysPerDay: number;
}) {
  const { deploy, rateLimits } = deps;
  const app = new Hono<{ Variables: AuthVariables }>();
  const auth = requireAuth(deps.tokens);
  const perFid = rateLimits.limit<{ Variables: AuthVariables }>('deployPerFid', (c) => c.get('authFid'));

  // Deploys the user's twin through the pipeline and answers when it is done or a step failed.
  app.post('/doppelganger/deploy/:fid', auth, rateLimits.limit('deployPerIp'), perFid, async (c) => {
    const fid = fidParam(c.req.param('fid'));
    assertActingFor(c.get('authFid'), fid);
    const { choices } = await jsonBody(c, deployRequestSchema);
    const answer = await deployRequest(
      { db: deps.db, deploy, farcaster: deps.farcaster, maxDeploysPerDay: deps.maxDeploysPerDay },
      fid,
      choices,
    );
    return c.json(answer.body satisfies DeployResponse, answer.status);
  });

  // The pipeline's steps and their state, polled by the mini-app while the deploy call runs.
  app.get('/doppelganger/deploy/:fid/progress', auth, async (c) => {
    const fid = fidParam(c.req.param('fid'));
    assertActingFor(c.get('authFid'), fid);
    return c.json((await deploy.progress(fid)) satisfies DeployProgress);
  });

  return app;
}
