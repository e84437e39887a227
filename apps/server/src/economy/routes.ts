import { type PayBatteryFromFeesResponse, payBatteryFromFeesRequestSchema } from '@fartwin/protocol';
import { Hono } from 'hono';
import type { PublicClient } from 'viem';
import type { TokenVerifier } from '../auth/index.ts';
import { type AuthVariables, requireAuth } from '../auth/index.ts';
import type { ContractAddresses } from '../platform/chain/contracts.ts';
import type { Db } from '../platform/db/database.ts';
import { DIRECTORY_CACHE_CONTROL } from '../platform/http/caching.ts';
import { jsonBody } from '../platform/http/json-body.ts';
import type { PublicAnswers } from '../platform/http/public-answers.ts';
import type { RateLimits } from '../platform/limits/rate-limits.ts';
import { ownedTwin, twinOf } from '../twins/index.ts';
import type { FeeLocker } from './fee-locker.ts';
import { setPayBatteryFromFees, twinEconomy } from './runway.ts';

export interface EconomyRouteDeps {
  db: Db;
  chain: PublicClient;
  feeLocker: FeeLocker;
  contracts: () => ContractAddresses | null;
  tokens: TokenVerifier;
  rateLimits: RateLimits;
  answers: PublicAnswers;
}

/** A twin's economy on its page: anyone reads the figures (held like the directory), only its owner flips the switch. */
export function economyRoutes(deps: EconomyRouteDeps) {
  const { db } = deps;
  const app = new Hono<{ Variables: AuthVariables }>();

  // Reads the chain (the fees waiting, a quote): limited per IP like the other costly reads.
  app.get('/doppelganger/economy/:agentId', deps.rateLimits.limit('costlyReadPerIp'), async (c) => {
    const twin = await twinOf(db, c.req.param('agentId'));
    const answer = await deps.answers.answer(c, `economy:${twin.agentId}`, DIRECTORY_CACHE_CONTROL, () =>
      twinEconomy(deps, {
        agentId: twin.agentId,
        walletAddress: twin.walletAddress,
        tokenAddress: twin.token.address,
        createdAt: twin.createdAt,
      }),
    );
    return answer!;
  });

  const writesPerFid = deps.rateLimits.limit<{ Variables: AuthVariables }>('writePerFid', (c) => c.get('authFid'));
  app.patch('/doppelganger/economy/:agentId/pay-battery', requireAuth(deps.tokens), writesPerFid, async (c) => {
    const twin = await ownedTwin(db, c.req.param('agentId'), c.get('authFid'), 'change how its battery is paid');
    const { on } = await jsonBody(c, payBatteryFromFeesRequestSchema);
    const payBatteryFromFees = await setPayBatteryFromFees(db, twin.agentId, on);
    return c.json({ agentId: twin.agentId, payBatteryFromFees } satisfies PayBatteryFromFeesResponse);
  });
  return app;
}
