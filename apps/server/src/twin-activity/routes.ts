import { type ActivityResponse, activityQuerySchema } from '@fartwin/protocol';
import { Hono } from 'hono';
import type { TokenVerifier } from '../auth/index.ts';
import { bearerToken, verifyBearer } from '../auth/index.ts';
import type { RateLimits } from '../platform/limits/rate-limits.ts';
import { twinOf } from '../twins/index.ts';
import { type ActivityDeps, activityPage } from './activity.ts';

export interface ActivityRouteDeps extends ActivityDeps {
  tokens: TokenVerifier;
  rateLimits: RateLimits;
}

/**
 * A twin's activity, newest first: signed in as its owner, everything it did and did not do; anyone
 * else (or signed out), its public casts. A token that is sent must hold (401), so an owner whose
 * session ended is told so rather than shown the public view.
 */
export function activityRoutes(deps: ActivityRouteDeps) {
  const app = new Hono();
  // Each page reads up to three sources' pages from Postgres (no provider call: answered casts are stored).
  const perIp = deps.rateLimits.limit('costlyReadPerIp');

  app.get('/doppelganger/activity/:agentId', perIp, async (c) => {
    const twin = await twinOf(deps.db, c.req.param('agentId'));
    const query = activityQuerySchema.parse(c.req.query());
    const viewer = c.req.header('authorization') ? (await verifyBearer(bearerToken(c), deps.tokens.verify)).fid : null;
    const page = await activityPage(deps, {
      agentId: twin.agentId,
      owner: viewer === twin.ownerFid,
      limit: query.limit,
      cursor: query.cursor,
    });
    c.header('cache-control', 'private, no-store');
    return c.json({ agentId: twin.agentId, ...page } satisfies ActivityResponse);
  });

  return app;
}
