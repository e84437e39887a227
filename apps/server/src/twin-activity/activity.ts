import type { ActivityItem, ActivityResponse } from '@fartwin/protocol';
import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { Database } from '../platform/db/schema.ts';
import { toDraft, writingKeys } from '../twin-actions/index.ts';
import { type ActivityCursor, decodeActivityCursor, encodeActivityCursor } from './activity-cursor.ts';

/** What anyone may see: the twin's public casts. Messages, digests, skips and drafts are the owner's. */
const PUBLIC_KINDS = ['thread-reply', 'dead-reply', 'post'] as const;
/** Drafts listed as drafts; a published one is listed as its writing, an expired one as its skip. */
const LISTED_DRAFTS = ['pending', 'publishing', 'discarded'] as const;

export interface ActivityDeps {
  db: Db;
}

type AnsweredOnActivity = NonNullable<Extract<ActivityItem, { type: 'writing' }>['answered']>;

/** An item with its time exactly: microseconds to merge the sources, Postgres's text for the cursor. */
type Sourced = { item: ActivityItem; atMicros: bigint; atText: string };

/**
 * One page of what a twin did, newest first: its writings (delivered), and for its owner also what
 * it skipped and why and its drafts. Keyset pagination on (created_at, key): each source reads at
 * most `limit + 1` rows through its (agent_id, created_at) index, and the page is their merge.
 */
export async function activityPage(
  deps: ActivityDeps,
  request: { agentId: string; owner: boolean; limit: number; cursor?: string | undefined },
): Promise<Omit<ActivityResponse, 'agentId'>> {
  const { db } = deps;
  const { agentId, owner, limit } = request;
  const after = request.cursor ? decodeActivityCursor(request.cursor) : null;
  const take = limit + 1;

  let writings = db
    .selectFrom('twin_writings')
    .select(['key', 'kind', 'text', 'delivered_ref', 'answered_text', 'answered_username', 'policy', ...timeColumns])
    .where('agent_id', '=', agentId)
    .where('delivered_ref', 'is not', null);
  if (!owner) writings = writings.where('kind', 'in', PUBLIC_KINDS);
  const sources: Promise<Sourced[]>[] = [
    writings
      .$call(newestFirst(after, take))
      .execute()
      .then((rows) =>
        rows.map((row) =>
          sourced(row, {
            type: 'writing',
            key: row.key,
            at: row.at_iso,
            kind: row.kind,
            text: row.text,
            castHash: row.kind === 'dm-reply' || row.kind === 'digest' ? null : row.delivered_ref,
            answered: answeredCast(agentId, row),
            // What the policy changed is the owner's to know, like the skips.
            ...(owner && row.policy.length > 0 ? { policy: row.policy } : {}),
          }),
        ),
      ),
  ];
  if (owner) {
    sources.push(
      db
        .selectFrom('twin_write_skips')
        .select(['key', 'kind', 'reason', 'subject', 'author_fid', ...timeColumns])
        .where('agent_id', '=', agentId)
        .$call(newestFirst(after, take))
        .execute()
        .then((rows) =>
          rows.map((row) =>
            sourced(row, {
              type: 'skip',
              key: row.key,
              at: row.at_iso,
              kind: row.kind,
              reason: row.reason,
              subject: row.subject,
              authorFid: row.author_fid === null ? null : Number(row.author_fid),
            }),
          ),
        ),
      db
        .selectFrom('twin_drafts')
        .select(['key', 'kind', 'text', 'status', 'parent_hash', 'cast_hash', 'expires_at', ...timeColumns])
        .where('agent_id', '=', agentId)
        .where('status', 'in', LISTED_DRAFTS)
        .$call(newestFirst(after, take))
        .execute()
        .then((rows) =>
          rows.map((row) =>
            sourced(row, {
              type: 'draft',
              key: row.key,
              at: row.at_iso,
              draft: toDraft(row),
            }),
          ),
        ),
    );
  }
  const merged = (await Promise.all(sources))
    .flat()
    .sort((a, b) =>
      a.atMicros === b.atMicros ? (a.item.key < b.item.key ? 1 : -1) : a.atMicros < b.atMicros ? 1 : -1,
    );
  const page = merged.slice(0, limit);
  const last = page.at(-1);
  return {
    view: owner ? 'owner' : 'public',
    items: page.map((entry) => entry.item),
    nextCursor: merged.length > limit && last ? encodeActivityCursor({ at: last.atText, key: last.item.key }) : null,
  };
}

function sourced(row: { at_micros: string; at_text: string }, item: ActivityItem): Sourced {
  return { atMicros: BigInt(row.at_micros), atText: row.at_text, item };
}

/** Each row's time three ways: ISO for the client, Postgres's exact text for the cursor, microseconds to merge. */
const timeColumns = [
  sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('at_iso'),
  sql<string>`created_at::text`.as('at_text'),
  sql<string>`(extract(epoch from created_at) * 1000000)::bigint::text`.as('at_micros'),
] as const;

/** `take` rows strictly older than the cursor, newest first, in the (created_at, key) order the indexes keep. */
function newestFirst(after: ActivityCursor | null, take: number) {
  // biome-ignore lint/suspicious/noExplicitAny: any of the three activity tables.
  return <Query extends SelectQueryBuilder<Database, any, any>>(query: Query): Query =>
    query
      .where(after ? sql<SqlBool>`(created_at, key) < (${after.at}::timestamptz, ${after.key})` : sql<SqlBool>`true`)
      .orderBy(sql`created_at desc, key desc`)
      .limit(take) as Query;
}

/**
 * The cast a thread reply answered: its hash from the reply's writing key, its text and author as
 * the reply stored them when it was written (no provider call per item: anyone can load this page).
 * Replies written before they were stored show the hash alone.
 */
function answeredCast(
  agentId: string,
  row: { kind: string; key: string; answered_text: string | null; answered_username: string | null },
): AnsweredOnActivity | null {
  const prefix = writingKeys.threadReply(agentId, '');
  if (row.kind !== 'thread-reply' || !row.key.startsWith(prefix)) return null;
  return { hash: row.key.slice(prefix.length), text: row.answered_text, username: row.answered_username };
}
