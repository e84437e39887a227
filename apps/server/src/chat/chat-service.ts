import type { ChatRequest, ChatResponse, ConversationTurn } from '@fartwin/protocol';
import { findAgent } from '../agents/repository.ts';
import type { LifeReader } from '../chain/life.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import type { ChatEngine } from '../twin/engines/chat-engine.ts';
import { appendTurns, conversationHistory } from './conversations.ts';

/** SPEC.md §4: the client attaches the battery-purchase action to a reply containing "Agent is dead." */
export const DEAD_TWIN_REPLY =
  'Agent is dead. Its battery ran out, so it cannot answer until someone buys a new one for 1 USDC.';

/** Earlier turns an engine sees besides the new message. */
const HISTORY_TURNS = 40;

/** A reply about to be written: either already known (dead twin) or streamed by the engine. */
export type PlannedReply =
  | { kind: 'fixed'; response: ChatResponse; store(): Promise<void> }
  | {
      kind: 'engine';
      engine: ChatEngine['name'];
      chunks: AsyncIterable<string>;
      store(message: string): Promise<void>;
    };

/** The new message: the text itself, or the last turn of the /agent page's conversation. */
export function newUserMessage(conversation: ChatRequest['conversation']): string {
  if (typeof conversation === 'string') return conversation.trim();
  const last = conversation.at(-1);
  if (last?.role !== 'user' || last.content.trim().length === 0) {
    throw new HttpError(400, 'invalid_request', 'The conversation must end with a non-empty user message');
  }
  return last.content.trim();
}

/**
 * Decides how a twin answers `fid`'s message: an unknown agent is 404, a dead one (life read from
 * the chain) answers "Agent is dead." without calling any engine, a living one streams from the
 * engine with the stored conversation as context. Each exchange is stored once it is complete.
 */
export async function planReply(
  deps: { db: Db; life: LifeReader; chatEngine: ChatEngine },
  agentId: string,
  fid: number,
  request: ChatRequest,
): Promise<PlannedReply> {
  const message = newUserMessage(request.conversation);
  const agent = await findAgent(deps.db, agentId);
  if (!agent) throw new HttpError(404, 'unknown_agent', `No agent with id ${agentId}`);
  const userTurn = { role: 'user' as const, content: message, engine: null };

  let alive: boolean;
  try {
    alive = await deps.life.isAlive(agentId);
  } catch {
    throw new HttpError(503, 'chain_unavailable', "Could not read the twin's battery from the chain. Try again soon.");
  }
  if (!alive) {
    const response: ChatResponse = { message: DEAD_TWIN_REPLY, engine: 'none' };
    return {
      kind: 'fixed',
      response,
      store: () =>
        appendTurns(deps.db, agentId, fid, [
          userTurn,
          { role: 'assistant', content: response.message, engine: 'none' },
        ]),
    };
  }

  const history = await conversationHistory(deps.db, agentId, fid, HISTORY_TURNS);
  const conversation: ConversationTurn[] = [...history, { role: 'user', content: message }];
  const engine = deps.chatEngine;
  return {
    kind: 'engine',
    engine: engine.name,
    chunks: engine.reply({ character: agent.character, choices: agent.choices, conversation }),
    store: (reply) =>
      appendTurns(deps.db, agentId, fid, [userTurn, { role: 'assistant', content: reply, engine: engine.name }]),
  };
}
