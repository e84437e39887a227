import { type AgentActions, type AgentActionsResponse, agentActionsUpdateSchema } from '@fartwin/protocol';
import { Hono } from 'hono';
import type { TokenVerifier } from '../auth/index.ts';
import { type AuthVariables, requireAuth } from '../auth/index.ts';
import type { Db } from '../platform/db/database.ts';
import { jsonBody } from '../platform/http/json-body.ts';
import type { RateLimits } from '../platform/limits/rate-limits.ts';
import { agentActionsOf, updateAgentActions } from '../twin-switches/index.ts';
import { ownedTwin, twinOf } from '../twins/index.ts';

export interface AgentActionsRouteDeps {
  db: Db;
  /** Verifies Quick Auth tokens (services.tokens). */
  tokens: TokenVerifier;
  /** Whether this server can answer direct messages at all, and why not when it cannot. */
  directMessages: { available: boolean; note?: string | undefined };
  rateLimits: RateLimits;
}

/** A twin's /info switches: anyone reads them, only the twin's owner changes them. */
export function agentActionsRoutes(deps: AgentActionsRouteDeps) {
  const { db, directMessages } = deps;
  const app = new Hono<{ Variables: AuthVariables }>();

  const answer = (agentId: string, actions: AgentActions): AgentActionsResponse => ({
    agentId,
    actions,
    directMessagesAvailable: directMessages.available,
    ...(!directMessages.available && directMessages.note ? { directMessagesNote: directMessages.note } : {}),
  });

  app.get('/doppelganger/actions/:agentId', async (c) => {
    const { agentId } = await twinOf(db, c.req.param('agentId'));
    return c.json(answer(agentId, await agentActionsOf(db, agentId)));
  });

  const writesPerFid = deps.rateLimits.limit<{ Variables: AuthVariables }>('writePerFid', (c) => c.get('authFid'));
  app.patch('/doppelganger/actions/:agentId', requireAuth(deps.tokens), writesPerFid, async (c) => {
    const twin = await ownedTwin(db, c.req.param('agentId'), c.get('authFid'), 'change its actions');
    const update = await jsonBody(c, agentActionsUpdateSchema);
    return c.json(answer(twin.agentId, await updateAgentActions(db, twin.agentId, update)));
  });

  return app;
}
