import { type Character, type PersonMemory, snippetOf, topicsOf } from '@fartwin/echo';
import {
  PEOPLE_MEMORY_EXCHANGES_PER_PERSON,
  PEOPLE_MEMORY_PEOPLE_PER_TWIN,
  type PeopleMemoryChannel,
} from '@fartwin/protocol';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';

/** One exchange to remember, under the key of the writing that answered it (exactly once). */
export interface Exchange {
  key: string;
  agentId: string;
  fid: number;
  username?: string | null | undefined;
  channel: PeopleMemoryChannel;
  /** What the person said, whole: it is cut to a snippet here. */
  said: string;
}

/**
 * A person's newest exchanges with a twin in one channel, as a query (the chat and a reply read it in
 * their one statement), before the exchange under `answering` (a writing's key): a retry of that
 * writing, which may find its own exchange already remembered, recalls the same.
 *
 * Only the channel being answered is recalled: what a person said in the app chat or a direct message
 * is private and never reaches a public thread reply, and what they cast in public stays out of the
 * private channels' recall too, so each channel remembers only what was said in it.
 */
export function recallQuery(db: Db, agentId: string, fid: number, channel: PeopleMemoryChannel, answering?: string) {
  let query = db
    .selectFrom('people_memory')
    .select(['fid', 'username', 'channel', 'said', 'topics', 'created_at'])
    .where('agent_id', '=', agentId)
    .where('fid', '=', fid)
    .where('channel', '=', channel);
  if (answering !== undefined) query = query.where('key', '<>', answering);
  return query.orderBy('created_at', 'desc').orderBy('key', 'desc').limit(PEOPLE_MEMORY_EXCHANGES_PER_PERSON);
}

/** A row of recallQuery (through json, created_at is a string). */
export interface RecallRow {
  fid: number | string;
  username: string | null;
  channel: PeopleMemoryChannel;
  said: string;
  topics: string[];
  created_at: Date | string;
}

/** One person's memory from their rows, newest first; undefined when the twin remembers nothing of them. */
export function personMemoryFrom(rows: readonly RecallRow[]): PersonMemory | undefined {
  const first = rows[0];
  if (!first) return undefined;
  return {
    fid: Number(first.fid),
    username: rows.find((row) => row.username)?.username ?? null,
    exchanges: rows.map((row) => ({
      channel: row.channel,
      said: row.said,
      topics: row.topics,
      at: new Date(row.created_at).toISOString(),
    })),
  };
}

/** What the twin remembers of a person in one channel, before the exchange under `answering` (see recallQuery). */
export async function recallPerson(
  db: Db,
  agentId: string,
  fid: number,
  channel: PeopleMemoryChannel,
  answering?: string,
): Promise<PersonMemory | undefined> {
  return personMemoryFrom(await recallQuery(db, agentId, fid, channel, answering).execute());
}

/**
 * Remembers an exchange once per key, then keeps the bounds: the person's newest exchanges in its
 * channel only (a flood of public casts never pushes out what was said in private, nor the reverse),
 * and the people the twin talked with most recently only. One statement: the delete does not see
 * the row inserted beside it, so it keeps one exchange fewer of the person's older ones and one
 * person fewer besides them (the new exchange is the newest of all); nothing is deleted when the
 * key was already remembered.
 */
export async function rememberExchange(
  db: Db,
  character: Pick<Character, 'username' | 'displayName'>,
  exchange: Exchange,
): Promise<void> {
  const { agentId, fid } = exchange;
  await sql`
    with inserted as (
      insert into people_memory (key, agent_id, fid, username, channel, said, topics)
      values (${exchange.key}, ${agentId}, ${fid}, ${exchange.username ?? null}, ${exchange.channel},
              ${snippetOf(exchange.said)}, ${topicsOf(exchange.said, character)})
      on conflict (key) do nothing
      returning key
    )
    delete from people_memory where agent_id = ${agentId} and exists (select 1 from inserted) and (
      (fid = ${fid} and channel = ${exchange.channel} and key not in (
        select key from people_memory where agent_id = ${agentId} and fid = ${fid} and channel = ${exchange.channel}
        order by created_at desc, key desc limit ${PEOPLE_MEMORY_EXCHANGES_PER_PERSON - 1}))
      or fid in (
        select fid from people_memory where agent_id = ${agentId} and fid <> ${fid}
        group by fid order by max(created_at) desc, fid offset ${PEOPLE_MEMORY_PEOPLE_PER_TWIN - 1}))`.execute(db);
}

/**
 * Writes a reply with what the twin remembers of the person, and remembers this exchange meanwhile
 * (what the person said, not the reply: the statement runs while the engine writes). Called inside
 * a writing's compose step, so it runs once per writing key; a retry that composes again finds the
 * exchange remembered under the same key, adds nothing and does not recall it. `recalled`: the
 * person's memory when the caller has just read it (twin-actions/reply-gate.ts openReply), not read again.
 */
export async function withPersonMemory<T>(
  db: Db,
  character: Pick<Character, 'username' | 'displayName'>,
  exchange: Exchange,
  write: (remembered: PersonMemory | undefined) => Promise<T>,
  recalled?: { remembered: PersonMemory | undefined },
): Promise<T> {
  const remembered = recalled
    ? recalled.remembered
    : await recallPerson(db, exchange.agentId, exchange.fid, exchange.channel, exchange.key);
  const [written] = await Promise.all([write(remembered), rememberExchange(db, character, exchange)]);
  return written;
}

/** Everyone a twin remembers, whoever talked with it last first (bounded by PEOPLE_MEMORY_PEOPLE_PER_TWIN). */
export async function listPeopleMemory(db: Db, agentId: string): Promise<PersonMemory[]> {
  const rows = await db
    .selectFrom('people_memory')
    .select(['fid', 'username', 'channel', 'said', 'topics', 'created_at'])
    .where('agent_id', '=', agentId)
    .orderBy('created_at', 'desc')
    .orderBy('key', 'desc')
    .execute();
  const byFid = new Map<number, RecallRow[]>();
  for (const row of rows) byFid.set(row.fid, [...(byFid.get(row.fid) ?? []), row]);
  return [...byFid.values()].map((personRows) => personMemoryFrom(personRows)!);
}

/** Forgets one person (or, without a fid, everyone); answers how many exchanges were forgotten. */
export async function forgetPeople(db: Db, agentId: string, fid?: number): Promise<number> {
  let query = db.deleteFrom('people_memory').where('agent_id', '=', agentId);
  if (fid !== undefined) query = query.where('fid', '=', fid);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
