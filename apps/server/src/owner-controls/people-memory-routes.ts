import type { PeopleMemoryCleared, PeopleMemoryResponse } from '@fartwin/protocol';
import { Hono } from 'hono';
import type { TokenVerifier } from '../auth/index.ts';
import { type AuthVariables, requireAuth } from '../auth/index.ts';
import type { Db } from '../platform/db/database.ts';
import { fidParam } from '../platform/http/fid-param.ts';
import type { RateLimits } from '../platform/limits/rate-limits.ts';
import { forgetPeople, listPeopleMemory } from '../twin-mind/index.ts';
import { ownedTwin } from '../twins/index.ts';

export interface PeopleMemoryRouteDeps {
  db: Db;
  tokens: TokenVerifier;
  rateLimits: RateLimits;
}

/** What a twin remembers of people: only its owner sees it, and clears it per person or all. */
export function peopleMemoryRoutes(deps: PeopleMemoryRouteDeps) {
  const { db } = deps;
  const app = new Hono<{ Variables: AuthVariables }>();
  const auth = requireAuth(deps.tokens);
  const writesPerFid = deps.rateLimits.limit<{ Variables: AuthVariables }>('writePerFid', (c) => c.get('authFid'));

  const ownedTwinId = async (agentId: string, authFid: number): Promise<string> =>
    (await ownedTwin(db, agentId, authFid, 'see what it remembers')).agentId;

  app.get('/doppelganger/people-memory/:agentId', auth, async (c) => {
    const agentId = await ownedTwinId(c.req.param('agentId'), c.get('authFid'));
    return c.json({ agentId, people: await listPeopleMemory(db, agentId) } satisfies PeopleMemoryResponse);
  });

  app.delete('/doppelganger/people-memory/:agentId', auth, writesPerFid, async (c) => {
    const agentId = await ownedTwinId(c.req.param('agentId'), c.get('authFid'));
    return c.json({ agentId, cleared: await forgetPeople(db, agentId) } satisfies PeopleMemoryCleared);
  });

  app.delete('/doppelganger/people-memory/:agentId/:fid', auth, writesPerFid, async (c) => {
    const agentId = await ownedTwinId(c.req.param('agentId'), c.get('authFid'));
    const fid = fidParam(c.req.param('fid'));
    return c.json({ agentId, cleared: await forgetPeople(db, agentId, fid) } satisfies PeopleMemoryCleared);
  });

  return app;
}
