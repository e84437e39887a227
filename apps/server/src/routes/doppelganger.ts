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
import { planReply, readForReply } from '../chat/chat-service.ts';
import { conversationHistory } from '../chat/conversations.ts';
import type { ServerConfig } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { assertDeployBudgetLeft } from '../deploy/deploy-budget.ts';
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
import { buildCharacter } from '../twin/character.ts';
import { choicesProblem } from '../twin/characteristics.ts';
import { loadPersona } from '../twin/persona.ts';

/** How much of a conversation the history endpoint returns. */
const HISTORY_LIMIT = 200;

/** What a client gets when the engine fails mid-reply: a 502 body, or the stream's `error` event. */
const ENGINE_FAILED = errorBody('engine_failed', 'The twin could not answer right now. Please try again.');
/** What a streamed reply ends with when anything else failed on the way (storing it, say). */
const REPLY_FAILED = errorBody('reply_failed', 'The reply could not be completed. Please try again.');

/** The bot service's API of SPEC.md §7, under /doppelganger. */
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

  const personaOf = async (fid: number) => {
    const persona = await loadPersona(services.farcaster, fid);
    if (!persona) throw new HttpError(404, 'unknown_user', `No Farcaster user with fid ${fid}`);
    return persona;
  };

  // Lives from the index, never the chain: the directory's speed is the database's.
  const withLife = async (agents: AgentRecord[]) => {
    const lives = await services.lives.of(agents.map((agent) => agent.agentId));
    return agents.map((agent) => toApiAgent(agent, lives.get(agent.agentId)?.expiresAt ?? null));
  };

  // The directory, newest first, one keyset page at a time.
  app.get('/doppelganger/agents', async (c) => {
    const query = agentsQuerySchema.parse(c.req.query());
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
    const { characteristics } = await personaOf(fid);
    return answers.send(c, { agents: [], characteristics } satisfies AgentsByFidResponse, REVALIDATE_CACHE_CONTROL);
  });

  // Deploys the user's twin through the pipeline (deploy/) and answers when it is done or a step failed.
  app.post('/doppelganger/deploy/:fid', auth, rateLimits.limit('deployPerIp'), perFid('deployPerFid'), async (c) => {
    const fid = fidParam(c.req.param('fid'));
    assertActingFor(c.get('authFid'), fid);
    const { choices } = await jsonBody(c, deployRequestSchema);
    if ((await findAgentsByOwner(db, fid)).length > 0) {
      const answer = await deploy.answerForExistingTwin(fid, choices);
      return c.json(answer.body satisfies DeployResponse, answer.status);
    }
    await assertDeployBudgetLeft(db, fid, deps.config.maxDeploysPerDay);
    const persona = await personaOf(fid);
    const problem = choicesProblem(persona.characteristics, choices);
    if (problem) throw new HttpError(400, 'invalid_choices', problem);
    const character = buildCharacter(persona.user, persona.casts, persona.profile, choices);
    const answer = await deploy.deploy(fid, choices, character);
    return c.json(answer.body satisfies DeployResponse, answer.status);
  });

  // The pipeline's steps and their state, polled by the mini-app while the deploy call runs.
  app.get('/doppelganger/deploy/:fid/progress', auth, async (c) => {
    const fid = fidParam(c.req.param('fid'));
    assertActingFor(c.get('authFid'), fid);
    return c.json((await deploy.progress(fid)) satisfies DeployProgress);
  });

  app.post('/doppelganger/chat-with-fartwin/:agentId', auth, async (c) => {
    // The limits and the twin's reads go to Postgres in one statement, started before the body is
    // read (the reads are the signed-in fid's, which the body must name): they all sit before the
    // first token. A request over its limit is answered 429 whatever the rest says.
    const agentId = agentIdParam(c.req.param('agentId'));
    const authFid = c.get('authFid');
    const limits = rateLimits.counting([
      { name: 'chatPerIp', key: rateLimits.ipOf(c) },
      { name: 'chatPerFid', key: authFid },
    ]);
    const reads = readForReply({ db, lives: services.lives }, agentId, authFid, limits.statement);
    // Awaited below unless the body is refused first; its failure is that answer's, never unhandled.
    reads.catch(() => {});
    const [counted, planned] = await Promise.allSettled([
      reads.then((read) => limits.settle(read.counters)),
      (async () => {
        const request = await jsonBody(c, chatRequestSchema);
        assertActingFor(authFid, request.fid);
        return planReply(
          { db, chatEngine: services.chatEngine, budget: deps.config.chatBudget },
          await reads,
          request.conversation,
          c.req.raw.signal,
        );
      })(),
    ]);
    if (counted.status === 'rejected') throw counted.reason;
    if (planned.status === 'rejected') throw planned.reason;
    const reply = planned.value;

    /** The reply as it is written: each chunk as it comes, then the stored whole (null when the engine failed). */
    async function* replyParts(): AsyncGenerator<{ delta: string } | { answer: ChatResponse | null }> {
      let message = '';
      try {
        for await (const chunk of reply.chunks) {
          message += chunk;
          yield { delta: chunk };
        }
      } catch (error) {
        logger.error({ err: error }, 'chat engine failed');
        yield { answer: null };
        return;
      }
      await reply.store(message);
      yield { answer: { message, engine: reply.engine } };
    }

    if (!(c.req.header('accept') ?? '').includes('text/event-stream')) {
      let answer: ChatResponse | null = null;
      for await (const part of replyParts()) if ('answer' in part) answer = part.answer;
      if (!answer) throw new HttpError(502, ENGINE_FAILED.code, ENGINE_FAILED.error);
      return c.json(answer);
    }
    async function* events(): AsyncGenerator<SseEvent> {
      for await (const part of replyParts()) {
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
