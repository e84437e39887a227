import { type ConversationHistory, type ConversationTurn, chatEngineSchema } from '@fartwin/protocol';
import type { Db } from '../platform/db/database.ts';

export interface StoredTurn extends ConversationTurn {
  engine: string | null;
}

/** Appends turns to the conversation between `fid` and a twin, in order, atomically; answers their ids. */
export async function appendTurns(
  db: Db,
  agentId: string,
  fid: number,
  turns: readonly StoredTurn[],
): Promise<number[]> {
  if (turns.length === 0) return [];
  const rows = await db
    .insertInto('chat_turns')
    .values(
      turns.map((turn) => ({ agent_id: agentId, fid, role: turn.role, content: turn.content, engine: turn.engine })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** The last `limit` turns of the conversation, newest first, as a query (the chat reads it with the twin's life). */
export function lastTurns(db: Db, agentId: string, fid: number, limit: number) {
  return db
    .selectFrom('chat_turns')
    .select(['id', 'role', 'content', 'engine'])
    .where('agent_id', '=', agentId)
    .where('fid', '=', fid)
    .orderBy('id', 'desc')
    .limit(limit);
}

/** A row of lastTurns (its id as a number, or as the string pg gives a bigint). */
export interface TurnRow {
  id: number | string;
  role: ConversationTurn['role'];
  content: string;
  engine: string | null;
}

/** The turns of lastTurns' rows, oldest first. */
export function turnsFrom(rows: readonly TurnRow[]): ConversationHistory['turns'] {
  return [...rows]
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((row) => {
      const engine = chatEngineSchema.safeParse(row.engine);
      return { role: row.role, content: row.content, ...(engine.success ? { engine: engine.data } : {}) };
    });
}

/** The last `limit` turns of the conversation, oldest first. */
export async function conversationHistory(
  db: Db,
  agentId: string,
  fid: number,
  limit: number,
): Promise<ConversationHistory['turns']> {
  return turnsFrom(await lastTurns(db, agentId, fid, limit).execute());
}
