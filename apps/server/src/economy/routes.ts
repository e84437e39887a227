import { payBatteryFromFeesRequestSchema } from '@fartwin/protocol';
import { Hono } from 'hono';
import type { PublicClient } from 'viem';
import { type AgentRecord, findAgent } from '../agents/repository.ts';
import { type AuthVariables, requireAuth } from '../auth/require-auth.ts';
import type { TokenVerifier } from '../auth/token-verifier.ts';
import type { ContractAddresses } from '../chain/contracts.ts';
import type { Db } from '../db/database.ts';
import { agentIdParam } from '../http/agent-id-param.ts';
import { DIRECTORY_CACHE_CONTROL } from '../http/caching.ts';
import { HttpError } from '../http/errors.ts';
import { jsonBody } from '../http/json-body.ts';
import type { PublicAnswers } from '../http/public-answers.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
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
  const agentOf = async (agentId: string): Promise<AgentRecord> => {
    const agent = await findAgent(db, agentIdParam(agentId));
    if (!agent) throw new HttpError(404, 'unknown_agent', `No agent with id ${agentId}`);
    return agent;
  };

  // Reads the chain (the fees waiting, a quote): limited per IP like the other costly reads.
  app.get('/doppelganger/economy/:agentId', deps.rateLimits.limit('costlyReadPerIp'), async (c) => {
    const agent = await agentOf(c.req.param('agentId'));
    const answer = await deps.answers.answer(c, `economy:${agent.agentId}`, DIRECTORY_CACHE_CONTROL, () =>
      twinEconomy(deps, {
        agentId: agent.agentId,
        walletAddress: agent.walletAddress,
        tokenAddress: agent.token.address,
        createdAt: agent.createdAt,
      }),
    );
    return answer!;
  });

  const writesPerFid = deps.rateLimits.limit<{ Variables: AuthVariables }>('writePerFid', (c) => c.get('authFid'));
  app.patch('/doppelganger/economy/:agentId/pay-battery', requireAuth(deps.tokens), writesPerFid, async (c) => {
    const agent = await agentOf(c.req.param('agentId'));
    const authFid = c.get('authFid');
    if (authFid !== agent.ownerFid) {
      throw new HttpError(
        403,
        'forbidden',
        `Only the twin's owner can change how its battery is paid (signed in as fid ${authFid})`,
      );
    }
    const { on } = await jsonBody(c, payBatteryFromFeesRequestSchema);
    return c.json({ agentId: agent.agentId, payBatteryFromFees: await setPayBatteryFromFees(db, agent.agentId, on) });
  });
  return app;
}
