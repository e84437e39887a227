import type { ChatRequest, ChatResponse, ConversationTurn } from '@fartwin/protocol';
import { type RawBuilder, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { type LifeRow, type Lives, lifeRows } from '../platform/chain/lives.ts';
import type { Db } from '../platform/db/database.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { Counter } from '../platform/limits/rate-limits.ts';
import { type StreamBudget, withinStreamBudget } from '../platform/limits/stream-budget.ts';
import type { Character, ChatEngine, PersonMemory } from '../twin-mind/index.ts';
import { personMemoryFrom, type RecallRow, recalledFor, recallQuery, rememberExchange } from '../twin-mind/index.ts';
import { cachedTwinCharacter } from '../twins/index.ts';
import { appendTurns, lastTurns, type TurnRow, turnsFrom } from './conversations.ts';

/** The client attaches the battery-purchase action to a reply containing "Agent is dead." */
const DEAD_TWIN_REPLY =
  'Agent is dead. Its battery ran out, so it cannot answer until someone buys a new one for 1 USDC.';

/** How much of the conversation an engine sees, the new message included: enough for context, bounded for cost. */
const CONTEXT_TURNS = 20;

/**
 * A reply about to be written, streamed in chunks: the engine's, or the fixed answer of a dead
 * twin (one chunk, engine 'none'). `store` saves the exchange once the whole reply is known.
 */
export interface PlannedReply {
  engine: ChatResponse['engine'];
  chunks: AsyncIterable<string> | Iterable<string>;
  store(message: string): Promise<void>;
}

/** The new message: the text itself, or the last turn of the /agent page's conversation. */
function newUserMessage(conversation: ChatRequest['conversation']): string {
  if (typeof conversation === 'string') return conversation.trim();
  const last = conversation.at(-1);
  if (last?.role !== 'user' || last.content.trim().length === 0) {
    throw new HttpError(400, 'invalid_request', 'The conversation must end with a non-empty user message');
  }
  return last.content.trim();
}

/** What a reply is written from: the twin's character, whether it lives, and the stored conversation. */
export interface ReplyReads {
  agentId: string;
  fid: number;
  character: Character | null;
  alive: boolean;
  /** The twin is paused and `fid` is its owner: the chat still works, and says so. */
  ownerPaused: boolean;
  history: ConversationTurn[];
  /** What the twin remembers of this person from earlier chats (never from its threads or messages). */
  remembered: PersonMemory | undefined;
}

/** What readForReply answers: the reads, and the rate-limit counters the same statement took. */
export interface CountedReplyReads extends ReplyReads {
  counters: Counter[];
}

/**
 * The reads a reply of `agentId` to `fid` needs: the twin's character (kept in memory), and in one
 * statement, one round trip before the first token, the request's rate limits (`limits`, a Counting
 * of limits/rate-limits.ts, settled by the caller), the twin's life and the stored conversation.
 * They need nothing from the request's body, so a route can start them before reading it.
 */
export async function readForReply(
  deps: { db: Db; lives: Lives },
  agentId: string,
  fid: number,
  limits: RawBuilder<Counter>,
): Promise<CountedReplyReads> {
  const { db } = deps;
  const [character, { rows }] = await Promise.all([
    cachedTwinCharacter(db, agentId),
    sql<{ counters: Counter[]; life: LifeRow[]; turns: TurnRow[]; owner_paused: boolean; remembered: RecallRow[] }>`
      with counters as (${limits})
      select
        (select coalesce(json_agg(counters), '[]') from counters) as counters,
        exists (select 1 from agent_actions join agents using (agent_id)
          where agent_id = ${agentId} and paused and owner_fid = ${fid}) as owner_paused,
        ${jsonArrayFrom(lifeRows(db, [agentId]))} as life,
        ${jsonArrayFrom(lastTurns(db, agentId, fid, CONTEXT_TURNS - 1))} as turns,
        ${jsonArrayFrom(recallQuery(db, agentId, fid, 'chat'))} as remembered`.execute(db),
  ]);
  const { counters, life, turns, owner_paused, remembered } = rows[0]!;
  const alive = await deps.lives.isAliveFrom(agentId, life);
  return {
    agentId,
    fid,
    character,
    alive,
    ownerPaused: owner_paused,
    history: turnsFrom(turns),
    remembered: personMemoryFrom(remembered),
    counters,
  };
}

/**
 * Decides how the twin of `reads` answers `message`: an unknown twin is 404, a dead one
 * (platform/chain/lives.ts: the index, a death confirmed on the chain) answers "Agent is dead."
 * without calling any engine, a living one streams from the engine with the stored conversation as
 * context. Each exchange is stored once it is complete.
 */
export function planReply(
  deps: { db: Db; chatEngine: ChatEngine; budget: Omit<StreamBudget, 'signal'> },
  reads: ReplyReads,
  conversation: ChatRequest['conversation'],
  /** Aborted when the client goes away: the engine stops writing. */
  signal?: AbortSignal,
): PlannedReply {
  const { agentId, fid, character, alive, ownerPaused, history, remembered } = reads;
  const message = newUserMessage(conversation);
  if (!character) throw new HttpError(404, 'unknown_agent', `No agent with id ${agentId}`);
  // The exchange and what the twin remembers of it are stored together, or neither is.
  const store = (engine: ChatResponse['engine']) => (reply: string) =>
    deps.db.transaction().execute(async (trx) => {
      const [userTurnId] = await appendTurns(trx, agentId, fid, [
        { role: 'user', content: message, engine: null },
        { role: 'assistant', content: reply, engine },
      ]);
      // A dead twin's fixed answer is no conversation to remember.
      if (engine !== 'none' && userTurnId !== undefined) {
        const exchange = { key: `chat:${userTurnId}`, agentId, fid, channel: 'chat' as const, said: message };
        await rememberExchange(trx, character, exchange);
      }
    });

  if (!alive) return { engine: 'none', chunks: [DEAD_TWIN_REPLY], store: store('none') };

  const context: ConversationTurn[] = [...history, { role: 'user', content: message }];
  const engine = deps.chatEngine;
  return {
    engine: engine.name,
    chunks: withinStreamBudget(
      async function* (budgetSignal) {
        // What it recalls of its owner's casts for this message: a statement of its own, within the budget.
        const recalled = await recalledFor(deps.db, agentId, character, message);
        yield* engine.reply({
          ...recalled,
          conversation: context,
          remembered,
          ...(ownerPaused ? { task: { kind: 'chat', ownerPaused } } : {}),
          signal: budgetSignal,
        });
      },
      { ...deps.budget, signal },
      'the twin’s reply',
    ),
    store: store(engine.name),
  };
}
