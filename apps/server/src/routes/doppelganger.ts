import {
  type AgentsByFidResponse,
  type AgentsResponse,
  agentsQuerySchema,
  type ChatResponse,
  type ConversationHistory,
  chatRequestSchema,
  chatStreamEvents,
  type DeployProgress,
  type DeployResponse,
  DIRECTORY_PAGE_SIZE,
  deployRequestSchema,
} from '@fartwin/protocol';
import { Hono } from 'hono';
import type { Logger } from 'pino';
import { toApiAgent } from '../agents/agent-view.ts';
import { type AgentRecord, findAgent, findAgentsByOwner, listAgentsPage } from '../agents/repository.ts';
import { type AuthVariables, assertActingFor, requireAuth } from '../auth/require-auth.ts';
import { chatRequest } from '../chat/chat-request.ts';
import { conversationHistory } from '../chat/conversations.ts';
import type { ServerConfig } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { deployRequest } from '../deploy/deploy-request.ts';
import type { DeployService } from '../deploy/deploy-service.ts';
import { agentIdParam } from '../http/agent-id-param.ts';
import { DIRECTORY_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from '../http/caching.ts';
import { errorBody, HttpError } from '../http/errors.ts';
import { fidParam } from '../http/fid-param.ts';
import { jsonBody } from '../http/json-body.ts';
import type { PublicAnswers } from '../http/public-answers.ts';
import { type SseEvent, sseResponse } from '../http/sse.ts';
import type { RateLimitName, RateLimits } from '../limits/rate-limits.ts';
import type { Services } from '../services.ts';
import { personaOf } from '../twin/persona.ts';

/** How much of a conversation the history endpoint returns. */
const HISTORY_LIMIT = 200;

/** What a client gets when the engine fails mid-reply: a 502 body, or the stream's `error` event. */
const ENGINE_FAILED = errorBody('engine_failed', 'The twin could not answer right now. Please try again.');
/** What a streamed reply ends with when anything else failed on the way (storing it, say). */
const REPLY_FAILED = errorBody('reply_failed', 'The reply could not be completed. Please try again.');

/** The bot service's API the mini-app calls (chat, deploy, agent lists), under /doppelganger. */
export function doppelgangerRoutes(deps: {
  db: Db;
  logger: Logger;
  services: Services;
  deploy: DeployService;
  rateLimits: RateLimits;
  /** Where the public reads' answers are held a moment (directory pages, a user's twins). */
  answers: PublicAnswers;
  config: Pick<ServerConfig, 'maxDeploysPerDay' | 'chatBudget'>;
}) {
  const { db, logger, services, deploy, rateLimits, answers } = deps;
  const app = new Hono<{ Variables: AuthVariables }>();
  const auth = requireAuth(services.tokens);
  const perFid = (name: RateLimitName) => rateLimits.limit<{ Variables: AuthVariables }>(name, (c) => c.get('authFid'));

  // Lives from the index, never the chain: the directory's speed is the database's.
  const withLife = async (agents: AgentRecord[]) => {
    const lives = await services.lives.of(agents.map((agent) => agent.agentId));
    return agents.map((agent) => toApiAgent(agent, lives.get(agent.agentId)?.expiresAt ?? null));
  };

  // The directory, newest first, one keyset page at a time; or narrowed to one twin.
  app.get('/doppelganger/agents', async (c) => {
    const query = agentsQuerySchema.parse(c.req.query());
    if (query.agentId !== undefined) {
      const agentId = query.agentId;
      // Only a twin that exists is held: one deployed a moment later is found at once.
      const found = await answers.answer(c, `agent:${agentId}`, DIRECTORY_CACHE_CONTROL, async () => {
        const agent = await findAgent(db, agentId);
        return agent ? ({ agents: await withLife([agent]), nextCursor: null } satisfies AgentsResponse) : undefined;
      });
      return (
        found ?? answers.send(c, { agents: [], nextCursor: null } satisfies AgentsResponse, REVALIDATE_CACHE_CONTROL)
      );
    }
    const limit = query.limit ?? DIRECTORY_PAGE_SIZE;
    const answer = await answers.answer(c, `page:${limit}:${query.cursor ?? ''}`, DIRECTORY_CACHE_CONTROL, async () => {
      const page = await listAgentsPage(db, { limit, cursor: query.cursor });
      return { agents: await withLife(page.agents), nextCursor: page.nextCursor } satisfies AgentsResponse;
    });
    return answer!;
  });

  // A user's twins or, with none yet, the eight questions that build one.
  app.get('/doppelganger/agents/:fid', async (c) => {
    const fid = fidParam(c.req.param('fid'));
    // Only a user with twins is held: one without gets the questions, and has a twin right after deploying.
    const twins = await answers.answer(c, `owner:${fid}`, REVALIDATE_CACHE_CONTROL, async () => {
      const agents = await findAgentsByOwner(db, fid);
      return agents.length > 0 ? ({ agents: await withLife(agents) } satisfies AgentsByFidResponse) : undefined;
    });
    if (twins) return twins;
    // The questions are built from the user's profile and casts: Neynar calls, limited per IP.
    await rateLimits.consumeByIp('costlyReadPerIp', c);
    const { characteristics } = await personaOf(services.farcaster, fid);
    return answers.send(c, { agents: [], characteristics } satisfies AgentsByFidResponse, REVALIDATE_CACHE_CONTROL);
  });

  // Deploys the user's twin through the pipeline (deploy/) and answers when it is done or a step failed.
  app.post('/doppelganger/deploy/:fid', auth, rateLimits.limit('deployPerIp'), perFid('deployPerFid'), async (c) => {
    const fid = fidParam(c.req.param('fid'));
    assertActingFor(c.get('authFid'), fid);
    const { choices } = await jsonBody(c, deployRequestSchema);
    const answer = await deployRequest(
      { db, deploy, farcaster: services.farcaster, maxDeploysPerDay: deps.config.maxDeploysPerDay },
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

  // The chat's orchestration (limits, reads, body, reply) is chat/chat-request.ts; here, JSON or SSE.
  app.post('/doppelganger/chat-with-fartwin/:agentId', auth, async (c) => {
    const replyParts = await chatRequest(
      {
        db,
        lives: services.lives,
        chatEngine: services.chatEngine,
        rateLimits,
        budget: deps.config.chatBudget,
        logger,
      },
      {
        authFid: c.get('authFid'),
        ipKey: rateLimits.ipOf(c),
        agentId: agentIdParam(c.req.param('agentId')),
        readBody: () => jsonBody(c, chatRequestSchema),
        signal: c.req.raw.signal,
      },
    );

    if (!(c.req.header('accept') ?? '').includes('text/event-stream')) {
      let answer: ChatResponse | null = null;
      for await (const part of replyParts) if ('answer' in part) answer = part.answer;
      if (!answer) throw new HttpError(502, ENGINE_FAILED.code, ENGINE_FAILED.error);
      return c.json(answer);
    }
    async function* events(): AsyncGenerator<SseEvent> {
      for await (const part of replyParts) {
        if ('delta' in part) yield { event: chatStreamEvents.delta, data: JSON.stringify(part.delta) };
        else if (part.answer) yield { event: chatStreamEvents.done, data: JSON.stringify(part.answer) };
        else yield { event: chatStreamEvents.error, data: JSON.stringify(ENGINE_FAILED) };
      }
    }
    // Whatever failed (storing the exchange, say), the stream ends with an `error` event.
    return sseResponse(c, events(), (error) => {
      logger.error({ err: error }, 'chat stream failed');
      return { event: chatStreamEvents.error, data: JSON.stringify(REPLY_FAILED) };
    });
  });

  // The signed-in user's stored conversation with a twin, so a reload shows it.
  app.get('/doppelganger/chat-with-fartwin/:agentId/history', auth, async (c) => {
    const agentId = agentIdParam(c.req.param('agentId'));
    if (!(await findAgent(db, agentId))) throw new HttpError(404, 'unknown_agent', `No agent with id ${agentId}`);
    const turns = await conversationHistory(db, agentId, c.get('authFid'), HISTORY_LIMIT);
    return c.json({ turns } satisfies ConversationHistory);
  });

  return app;
}
