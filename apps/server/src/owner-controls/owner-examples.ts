import {
  OWNER_EXAMPLE_LIMITS,
  type OwnerExample,
  type OwnerExampleDeleted,
  type OwnerExampleResponse,
  type OwnerExamplesResponse,
  ownerExampleRequestSchema,
} from '@fartwin/protocol';
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { TokenVerifier } from '../auth/index.ts';
import { type AuthVariables, requireAuth } from '../auth/index.ts';
import type { Db } from '../platform/db/database.ts';
import { HttpError } from '../platform/http/errors.ts';
import { jsonBody } from '../platform/http/json-body.ts';
import type { RateLimits } from '../platform/limits/rate-limits.ts';
import { ownedTwin } from '../twins/index.ts';

/**
 * The owner teaches the twin by example: "how I'd say it" for one of its replies on Activity is kept
 * with the message the reply answered, and retrieval (twin-mind/cast-memory-store.ts recallFor) prefers it
 * for similar messages from then on. Only the owner adds, lists and deletes them.
 */

export interface OwnerExampleRouteDeps {
  db: Db;
  tokens: TokenVerifier;
  rateLimits: RateLimits;
}

type ExampleRow = { id: number | string; writing_key: string; message: string; answer: string; created_at: Date };

function toExample(row: ExampleRow): OwnerExample {
  return {
    id: String(row.id),
    writingKey: row.writing_key,
    message: row.message,
    answer: row.answer,
    createdAt: row.created_at.toISOString(),
  };
}

const EXAMPLE_COLUMNS = ['id', 'writing_key', 'message', 'answer', 'created_at'] as const;

/**
 * Keeps the owner's answer for the message one of the twin's replies answered: the reply must be the
 * twin's, delivered, and answer a message that was kept with it (a thread reply's cast). A second
 * rewrite of the same reply replaces the first. Refused past OWNER_EXAMPLE_LIMITS.perTwin, in the
 * statement that inserts (so two at once cannot pass the bound together).
 */
export async function addOwnerExample(
  db: Db,
  agentId: string,
  request: { writingKey: string; answer: string },
): Promise<OwnerExample> {
  const writing = await db
    .selectFrom('twin_writings')
    .select(['answered_text', 'delivered_ref'])
    .where('key', '=', request.writingKey)
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  if (!writing) {
    throw new HttpError(404, 'unknown_writing', `The twin has no reply with the key ${request.writingKey}`);
  }
  if (writing.answered_text === null || writing.delivered_ref === null) {
    throw new HttpError(
      400,
      'nothing_answered',
      'Only a reply the twin cast to someone can be rewritten: this one answers no message it kept',
    );
  }
  const { rows } = await sql<ExampleRow>`
    insert into twin_examples (agent_id, writing_key, message, answer)
    select ${agentId}, ${request.writingKey}, ${writing.answered_text}, ${request.answer}
    where (select count(*) from twin_examples where agent_id = ${agentId} and writing_key <> ${request.writingKey})
      < ${OWNER_EXAMPLE_LIMITS.perTwin}
    on conflict (agent_id, writing_key) do update set answer = excluded.answer, created_at = now()
    returning id::text, writing_key, message, answer, created_at`.execute(db);
  const row = rows[0];
  if (!row) {
    throw new HttpError(
      409,
      'too_many_examples',
      `Your twin keeps at most ${OWNER_EXAMPLE_LIMITS.perTwin} rewrites: delete one on "Your twin" to add another`,
    );
  }
  return toExample(row);
}

/** The twin's examples, newest first (at most OWNER_EXAMPLE_LIMITS.perTwin). */
export async function listOwnerExamples(db: Db, agentId: string): Promise<OwnerExample[]> {
  const rows = await db
    .selectFrom('twin_examples')
    .select(EXAMPLE_COLUMNS)
    .where('agent_id', '=', agentId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(OWNER_EXAMPLE_LIMITS.perTwin)
    .execute();
  return rows.map(toExample);
}

/** Deletes one example; false when the twin has none with that id. */
export async function deleteOwnerExample(db: Db, agentId: string, id: string): Promise<boolean> {
  if (!/^[1-9]\d{0,17}$/.test(id)) throw new HttpError(400, 'invalid_example_id', `No example has the id ${id}`);
  const result = await db
    .deleteFrom('twin_examples')
    .where('agent_id', '=', agentId)
    // Up to 18 digits: beyond a JavaScript number's exact range, so compared in SQL.
    .where(sql<boolean>`id = ${id}::bigint`)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function ownerExampleRoutes(deps: OwnerExampleRouteDeps) {
  const { db } = deps;
  const app = new Hono<{ Variables: AuthVariables }>();
  const auth = requireAuth(deps.tokens);
  // Each rewrite is a row kept and read by every later reply: as a voice change is.
  const changesPerFid = deps.rateLimits.limit<{ Variables: AuthVariables }>('voicePerFid', (c) => c.get('authFid'));
  const owned = async (agentId: string, authFid: number) =>
    (await ownedTwin(db, agentId, authFid, 'teach it by example')).agentId;

  app.get('/doppelganger/examples/:agentId', auth, async (c) => {
    const agentId = await owned(c.req.param('agentId'), c.get('authFid'));
    return c.json({ agentId, examples: await listOwnerExamples(db, agentId) } satisfies OwnerExamplesResponse);
  });
  app.post('/doppelganger/examples/:agentId', auth, changesPerFid, async (c) => {
    const agentId = await owned(c.req.param('agentId'), c.get('authFid'));
    const request = await jsonBody(c, ownerExampleRequestSchema);
    return c.json({ agentId, example: await addOwnerExample(db, agentId, request) } satisfies OwnerExampleResponse);
  });
  app.delete('/doppelganger/examples/:agentId/:id', auth, changesPerFid, async (c) => {
    const agentId = await owned(c.req.param('agentId'), c.get('authFid'));
    const deleted = await deleteOwnerExample(db, agentId, c.req.param('id'));
    return c.json({ agentId, deleted } satisfies OwnerExampleDeleted);
  });
  return app;
}
