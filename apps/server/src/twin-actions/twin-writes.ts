import { sql } from 'kysely';
import { knownClockSeconds } from '../platform/chain/life-index-state.ts';
import type { Db } from '../platform/db/database.ts';
import type { TwinWritingKind } from '../platform/db/schema.ts';
import type { Character } from '../twin-mind/index.ts';
import { type ChatEngine, ChatEngineError, type ChatInput } from '../twin-mind/index.ts';
import { applyOutputPolicy, type PolicyChange } from './output-policy.ts';

/** The longest an engine may take for one writing, model included; the job retries after. */
const ENGINE_BUDGET_MS = 60_000;

/** One thing a twin writes on its own, identified by its exactly-once key. */
export interface Writing {
  /** Unique per thing to write: `thread-reply:{agentId}:{castHash}`, `post:{agentId}:{slot}`, … */
  key: string;
  agentId: string;
  kind: TwinWritingKind;
  /** The thread a cast reply belongs to (its root), for the per-thread bounds. */
  threadHash?: string | null;
  /** Who the twin answered, for digests ("people it talked to"). */
  counterpartFid?: number | null;
  /** The clock time it belongs to (a schedule's slot); defaults to now. */
  clockAt?: number;
  /** A thread reply's answered cast (answeredCastOf), for Activity: stored with the writing. */
  answered?: AnsweredCast | null;
}

/** The cast a reply answers, as stored beside the reply: its text clipped, its author's username. */
export interface AnsweredCast {
  text: string;
  username: string;
}

/** The answered cast's text kept at most (UTF-8 bytes): enough to recognise the question on Activity. */
export const ANSWERED_TEXT_MAX_BYTES = 320;

/** What a reply stores of the cast it answers. */
export function answeredCastOf(cast: { text: string; author: { username: string } }): AnsweredCast {
  return { text: fitToBytes(cast.text, ANSWERED_TEXT_MAX_BYTES), username: cast.author.username };
}

export interface WrittenText {
  text: string;
  /** The engine that wrote it; null for texts the service composes itself (digests, the dead twin's notice). */
  engine: string | null;
  /** What the output policy changed in the engine's text (output-policy.ts); absent or empty: nothing. */
  policy?: readonly PolicyChange[];
}

export interface WriteResult {
  text: string;
  /** What delivering produced: a cast hash, a message id, a notification id. */
  deliveredRef: string;
  /** False when this key had already been delivered: nothing was sent again. */
  delivered: boolean;
}

/**
 * The one path every writer of a twin takes (thread replies, direct-message answers, posts,
 * digests), exactly once per key, also under retries, crashes and several replicas:
 * 1. a key already delivered is done;
 * 2. otherwise the text is composed and stored under the key before anything is sent (if another
 *    worker stored one first, that one wins and is what gets sent);
 * 3. it is delivered with the key as idempotency key (a cast's `idem`, a message's key, a
 *    notification id), so a retry after a crash between sending and recording sends the same
 *    thing, which the channel takes once;
 * 4. the delivery is recorded.
 */
export async function writeOnce(
  db: Db,
  writing: Writing,
  compose: () => Promise<WrittenText>,
  deliver: (text: string) => Promise<string>,
  /** The undelivered writing under the key (null: none) when the caller has just read it (reply-gate.ts openReply). */
  known?: KnownWriting | null,
): Promise<WriteResult> {
  const existing = known === undefined ? await findWriting(db, writing.key) : known;
  if (existing?.delivered_ref) return { text: existing.text, deliveredRef: existing.delivered_ref, delivered: false };
  let text = existing?.text;
  if (text === undefined) {
    const written = await compose();
    const stored = await db
      .insertInto('twin_writings')
      .values({
        key: writing.key,
        agent_id: writing.agentId,
        kind: writing.kind,
        text: written.text,
        engine: written.engine,
        thread_hash: writing.threadHash ?? null,
        counterpart_fid: writing.counterpartFid ?? null,
        clock_at: writing.clockAt ?? (await knownClockSeconds(db)),
        answered_text: writing.answered?.text ?? null,
        answered_username: writing.answered?.username ?? null,
        policy: [...(written.policy ?? [])],
      })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .returning('text')
      .executeTakeFirst();
    // Another worker stored one first: that one wins.
    text = stored?.text ?? (await findWriting(db, writing.key))!.text;
  }
  const deliveredRef = await deliver(text);
  await db
    .updateTable('twin_writings')
    .set({ delivered_ref: deliveredRef, delivered_at: sql`now()` })
    .where('key', '=', writing.key)
    .execute();
  return { text, deliveredRef, delivered: true };
}

/** A writing composed under a key and not yet delivered. */
export interface KnownWriting {
  text: string;
  delivered_ref?: null;
}

function findWriting(db: Db, key: string) {
  return db.selectFrom('twin_writings').select(['text', 'delivered_ref']).where('key', '=', key).executeTakeFirst();
}

/** A writing already delivered under a key (a retry answers with it), or null. */
export async function deliveredWriting(db: Db, key: string): Promise<{ text: string; deliveredRef: string } | null> {
  const row = await findWriting(db, key);
  return row?.delivered_ref ? { text: row.text, deliveredRef: row.delivered_ref } : null;
}

/** Whether a writing under a key was composed (delivered or not). */
export async function writingExists(db: Db, key: string): Promise<boolean> {
  return (await findWriting(db, key)) !== undefined;
}

/** Whether a key was already written (delivered or not): schedules skip those. */
export async function writtenKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('twin_writings')
    .select('key')
    .where(sql<boolean>`key = any(${[...keys]}::text[])`)
    .execute();
  return new Set(rows.map((row) => row.key));
}

/**
 * The engine's text for a writing, within the channel's limit and a time budget: the character and
 * the context go in, whole sentences that fit come out, once the output policy (output-policy.ts)
 * has passed over them, whichever engine wrote them: a model can be talked into anything.
 */
export async function engineText(
  engine: ChatEngine,
  input: Omit<ChatInput, 'signal'> & {
    character: Character;
    maxBytes: number;
    /** Usernames the text may @mention: the person answered and those the provider says they tagged, the owner. */
    mayTag: readonly string[];
    /** Hosts a link may point at: the app's own and the operator's allow-list (output-policy.ts allowedLinkHosts). */
    linkHosts: readonly string[];
  },
): Promise<WrittenText> {
  const signal = AbortSignal.timeout(ENGINE_BUDGET_MS);
  let text = '';
  try {
    for await (const chunk of engine.reply({ ...input, maxChars: input.maxBytes, signal })) text += chunk;
  } catch (error) {
    if (signal.aborted) throw new ChatEngineError(`The ${engine.name} engine took longer than ${ENGINE_BUDGET_MS} ms`);
    throw error;
  }
  const message = input.conversation.findLast((turn) => turn.role === 'user')?.content;
  const policed = applyOutputPolicy(text.trim(), {
    character: input.character,
    mayTag: input.mayTag,
    linkHosts: input.linkHosts,
    maxBytes: input.maxBytes,
    ...(message === undefined ? {} : { message }),
  });
  const fitted = fitToBytes(policed.text, input.maxBytes);
  if (fitted.length === 0) throw new ChatEngineError(`The ${engine.name} engine wrote nothing`);
  return { text: fitted, engine: engine.name, policy: policed.changes };
}

/**
 * Cuts a text to at most `maxBytes` of UTF-8 (Farcaster counts bytes): at the last sentence end
 * that fits, else at the last whole word with an ellipsis.
 */
export function fitToBytes(text: string, maxBytes: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(text).length <= maxBytes) return text;
  let cut = '';
  for (const char of text) {
    if (encoder.encode(cut + char).length > maxBytes - 3) break;
    cut += char;
  }
  const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  if (sentenceEnd > maxBytes / 3) return cut.slice(0, sentenceEnd + 1);
  const wordEnd = cut.lastIndexOf(' ');
  return `${(wordEnd > 0 ? cut.slice(0, wordEnd) : cut).replace(/[\s,;:–—-]+$/, '')}…`;
}
