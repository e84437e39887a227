import type { ChatRequest, ChatResponse } from '@fartwin/protocol';
import type { Logger } from 'pino';
import { assertActingFor } from '../auth/index.ts';
import type { Lives } from '../platform/chain/lives.ts';
import type { Db } from '../platform/db/database.ts';
import type { RateLimits } from '../platform/limits/rate-limits.ts';
import type { StreamBudget } from '../platform/limits/stream-budget.ts';
import type { ChatEngine } from '../twin-mind/index.ts';
import { planReply, readForReply } from './chat-service.ts';

/** A reply as it is written: each chunk as it comes, then the stored whole (null when the engine failed). */
export type ReplyPart = { delta: string } | { answer: ChatResponse | null };

export interface ChatRequestDeps {
  db: Db;
  lives: Lives;
  chatEngine: ChatEngine;
  rateLimits: Pick<RateLimits, 'counting'>;
  budget: Omit<StreamBudget, 'signal'>;
  logger: Logger;
}

/** What the route knows of a chat request before its body is read. */
export interface ChatRequestInput {
  /** The signed-in fid, which the body must name. */
  authFid: number;
  /** The client IP, as the per-IP limit keys it. */
  ipKey: string;
  agentId: string;
  /** Reads and validates the body (a 400 when it is not a chat request). */
  readBody: () => Promise<ChatRequest>;
  /** Aborted when the client goes away: the engine stops writing. */
  signal?: AbortSignal;
}

/**
 * One chat request: rate limits, the twin's reads, the body, then the reply's parts. The limits and
 * the reads go to Postgres in one statement, started before the body is read (the reads are the
 * signed-in fid's, which the body must name): they all sit before the first token. A request over
 * its limit is refused (429) whatever the rest says. Errors before the first part are thrown.
 */
export async function chatRequest(deps: ChatRequestDeps, input: ChatRequestInput): Promise<AsyncIterable<ReplyPart>> {
  const { authFid, agentId } = input;
  const limits = deps.rateLimits.counting([
    { name: 'chatPerIp', key: input.ipKey },
    { name: 'chatPerFid', key: authFid },
  ]);
  const reads = readForReply(deps, agentId, authFid, limits.statement);
  // Awaited below unless the body is refused first; its failure is that answer's, never unhandled.
  reads.catch(() => {});
  const [counted, planned] = await Promise.allSettled([
    reads.then((read) => limits.settle(read.counters)),
    (async () => {
      const request = await input.readBody();
      assertActingFor(authFid, request.fid);
      return planReply(deps, await reads, request.conversation, input.signal);
    })(),
  ]);
  if (counted.status === 'rejected') throw counted.reason;
  if (planned.status === 'rejected') throw planned.reason;
  const reply = planned.value;

  async function* replyParts(): AsyncGenerator<ReplyPart> {
    let message = '';
    try {
      for await (const chunk of reply.chunks) {
        message += chunk;
        yield { delta: chunk };
      }
    } catch (error) {
      deps.logger.error({ err: error }, 'chat engine failed');
      yield { answer: null };
      return;
    }
    await reply.store(message);
    yield { answer: { message, engine: reply.engine } };
  }
  return replyParts();
}
