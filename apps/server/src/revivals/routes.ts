import { Hono } from 'hono';
import type { Db } from '../platform/db/database.ts';
import { agentIdParam } from '../platform/http/agent-id-param.ts';
import { DIRECTORY_CACHE_CONTROL } from '../platform/http/caching.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { PublicAnswers } from '../platform/http/public-answers.ts';
import { reviversOf } from './revivers.ts';

/** The twin's page's list of revivers: public, held a moment like the directory. */
export function reviverRoutes(deps: { db: Db; answers: PublicAnswers }) {
  const app = new Hono();
  app.get('/doppelganger/revivers/:agentId', async (c) => {
    const agentId = agentIdParam(c.req.param('agentId') ?? '');
    const answer = await deps.answers.answer(c, `revivers:${agentId}`, DIRECTORY_CACHE_CONTROL, () =>
      reviversOf(deps.db, agentId).then((revivers) => revivers ?? undefined),
    );
    if (!answer) throw new HttpError(404, 'unknown_agent', `No agent with id ${agentId}`);
    return answer;
  });
  return app;
}
