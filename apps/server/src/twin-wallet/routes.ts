import { withdrawalRequestSchema } from '@fartwin/protocol';
import { Hono } from 'hono';
import type { TokenVerifier } from '../auth/index.ts';
import { type AuthVariables, requireAuth } from '../auth/index.ts';
import { agentIdParam } from '../platform/http/agent-id-param.ts';
import { jsonBody } from '../platform/http/json-body.ts';
import type { RateLimits } from '../platform/limits/rate-limits.ts';
import type { TwinWalletService } from './twin-wallet-service.ts';

/** The twin's wallet, for its owner only: the view, and withdrawals to the owner's own addresses. */
export function twinWalletRoutes(deps: { wallet: TwinWalletService; tokens: TokenVerifier; rateLimits: RateLimits }) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const auth = requireAuth(deps.tokens);
  const perFid = (name: 'costlyReadPerFid' | 'withdrawPerFid') =>
    deps.rateLimits.limit<{ Variables: AuthVariables }>(name, (c) => c.get('authFid'));

  app.get('/doppelganger/wallet/:agentId', auth, perFid('costlyReadPerFid'), async (c) =>
    c.json(await deps.wallet.view(agentIdParam(c.req.param('agentId')), c.get('authFid'))),
  );
  app.post('/doppelganger/wallet/:agentId/withdrawals', auth, perFid('withdrawPerFid'), async (c) => {
    const agentId = agentIdParam(c.req.param('agentId'));
    const request = await jsonBody(c, withdrawalRequestSchema);
    return c.json({ withdrawal: await deps.wallet.withdraw(agentId, c.get('authFid'), request) });
  });
  return app;
}
