import { type ChatResponse, type ConversationHistory, chatRequestSchema, chatStreamEvents } from '@fartwin/protocol';
import { Hono } from 'hono';
import type { Logger } from 'pino';
import type { TokenVerifier } from '../auth/index.ts';
import { type AuthVariables, requireAuth } from '../auth/index.ts';
import type { Lives } from '../platform/chain/lives.ts';
import type { ServerConfig } from '../platform/config/config.ts';
import type { Db } from '../platform/db/database.ts';
import { agentIdParam } from '../platform/http/agent-id-param.ts';
import { errorBody, HttpError } from '../platform/http/errors.ts';
import { jsonBody } from '../platform/http/json-body.ts';
import { type SseEvent, sseResponse } from '../platform/http/sse.ts';
import type { RateLimits } from '../platform/limits/rate-limits.ts';
import type { ChatEngine } from '../twin-mind/index.ts';
import { findTwin } from '../twins/index.ts';
import { chatRequest } from './chat-request.ts';
import { conversationHistory } from './conversations.ts';

/** How much of a conversation the history endpoint returns. */
const HISTORY_LIMIT = 200;

/** What a client gets when the engine fails mid-reply: a 502 body, or the stream's `error` event. */
const ENGINE_FAILED = errorBody('engine_failed', 'The twin could not answer right now. Please try again.');
/** What a streamed reply ends with when anything else failed on the way (storing it, say). */
const REPLY_FAILED = errorBody('reply_failed', 'The reply could not be completed. Please try again.');

/** The signed-in user's chat with a twin: a reply (JSON or streamed) and the stored conversation. */
export function chatRoutes(deps: {
  db: Db;
  logger: Logger;
  tokens: TokenVerifier;
  lives: Lives;
  chatEngine: ChatEngine;
  rateLimits: RateLimits;
  budget: ServerConfig['chatBudget'];
}) {
  const { db, logger, rateLimits } = deps;
  const app = new Hono<{ Variables: AuthVariables }>();
  const auth = requireAuth(deps.tokens);

  // The chat's orchestration (limits, reads, body, reply) is chat-request.ts; here, JSON or SSE.
  app.post('/doppelganger/chat-with-fartwin/:agentId', auth, async (c) => {
    const replyParts = await chatRequest(
      { db, lives: deps.lives, chatEngine: deps.chatEngine, rateLimits, budget: deps.budget, logger },
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
    if (!(await findTwin(db, agentId))) throw new HttpError(404, 'unknown_agent', `No agent with id ${agentId}`);
    const turns = await conversationHistory(db, agentId, c.get('authFid'), HISTORY_LIMIT);
    return c.json({ turns } satisfies ConversationHistory);
  });

  return app;
}
