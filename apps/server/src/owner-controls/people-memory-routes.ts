import type { PeopleMemoryCleared, PeopleMemoryResponse } from '@fartwin/protocol';
import { Hono } from 'hono';
import { findAgent } from '../agents/repository.ts';
import { type AuthVariables, requireAuth } from '../auth/require-auth.ts';
import type { TokenVerifier } from '../auth/token-verifier.ts';
import type { Db } from '../db/database.ts';
import { agentIdParam } from '../http/agent-id-param.ts';
import { HttpError } from '../http/errors.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
import { forgetPeople, listPeopleMemory } from '../twin/people-memory-store.ts';

export interface PeopleMemoryRouteDeps {
  db: Db;
  tokens: TokenVerifier;
  rateLimits: RateLimits;
}

const MAX_FID = 2 ** 53 - 1;

function fidParam(value: string): number {
  const fid = /^[1-9]\d{0,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(fid) || fid > MAX_FID) {
    throw new HttpError(400, 'invalid_fid', 'fid must be a positive whole number');
  }
  return fid;
}

/** What a twin remembers of people (issue 25 part 6): only its owner sees it, and clears it per person or all. */
export function peopleMemoryRoutes(deps: PeopleMemoryRouteDeps) {
  const { db } = deps;
  const app = new Hono<{ Variables: AuthVariables }>();
  const auth = requireAuth(deps.tokens);
  const writesPerFid = deps.rateLimits.limit<{ Variables: AuthVariables }>('writePerFid', (c) => c.get('authFid'));

  const ownedAgent = async (agentId: string, authFid: number): Promise<string> => {
    const agent = await findAgent(db, agentIdParam(agentId));
    if (!agent) throw new HttpError(404, 'unknown_agent', `No agent with id ${agentId}`);
    if (authFid !== agent.ownerFid) {
      throw new HttpError(
        403,
        'forbidden',
        `Only the twin's owner can see what it remembers (signed in as fid ${authFid})`,
      );
    }
    return agent.agentId;
  };

  app.get('/doppelganger/people-memory/:agentId', auth, async (c) => {
    const agentId = await ownedAgent(c.req.param('agentId'), c.get('authFid'));
    return c.json({ agentId, people: await listPeopleMemory(db, agentId) } satisfies PeopleMemoryResponse);
  });

  app.delete('/doppelganger/people-memory/:agentId', auth, writesPerFid, async (c) => {
    const agentId = await ownedAgent(c.req.param('agentId'), c.get('authFid'));
    return c.json({ agentId, cleared: await forgetPeople(db, agentId) } satisfies PeopleMemoryCleared);
  });

  app.delete('/doppelganger/people-memory/:agentId/:fid', auth, writesPerFid, async (c) => {
    const agentId = await ownedAgent(c.req.param('agentId'), c.get('authFid'));
    const fid = fidParam(c.req.param('fid'));
    return c.json({ agentId, cleared: await forgetPeople(db, agentId, fid) } satisfies PeopleMemoryCleared);
  });

  return app;
}
