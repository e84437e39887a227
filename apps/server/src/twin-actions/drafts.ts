import { type Draft, LIMITS } from '@fartwin/protocol';
import { sql } from 'kysely';
import { checkedUrl } from '../manifest/index.ts';
import { notifyOwner, ownersReach } from '../notify/index.ts';
import { knownClockSeconds } from '../platform/chain/life-index-state.ts';
import { deleteInBatches } from '../platform/db/batched-delete.ts';
import type { Db } from '../platform/db/database.ts';
import type { TwinDraftStatus, TwinDraftsTable } from '../platform/db/schema.ts';
import type { TwinActionDeps } from './deps.ts';
import { findTwinAccount } from './twin-accounts.ts';
import { type AnsweredCast, type WrittenText, writeOnce } from './twin-writes.ts';
import { recordSkip } from './write-skips.ts';

/** A draft not reviewed within this (clock seconds) is discarded, and recorded as a skip. */
export const DRAFT_REVIEW_SECONDS = 24 * 60 * 60;
/** A publish that took a draft and did not finish (a crash) may be taken over after this. */
const STALE_CLAIM_SECONDS = 120;
/** Drafts one expiry statement takes at most; the loop takes the rest. */
const EXPIRY_BATCH = 500;
/** Closed drafts (published, discarded, expired) stay this long, as skips do; then they are deleted. */
export const CLOSED_DRAFTS_KEPT_DAYS = 30;
const CLOSED_DRAFTS = ['published', 'discarded', 'expired'] as const;
const CLEANUP_BATCH = 10_000;

export interface DraftToHold {
  key: string;
  agentId: string;
  kind: 'post' | 'thread-reply';
  parentHash?: string | null;
  threadHash?: string | null;
  counterpartFid?: number | null;
  clockAt?: number;
  /** The cast a reply answers (answeredCastOf): kept for the writing it becomes when published. */
  answered?: AnsweredCast | null;
}

const DRAFT_COLUMNS = ['key', 'kind', 'text', 'status', 'parent_hash', 'cast_hash', 'expires_at'] as const;
export type DraftRow = Omit<Pick<TwinDraftsTable, (typeof DRAFT_COLUMNS)[number]>, 'status'> & {
  status: TwinDraftStatus;
};

/** A draft as the API shows it. */
export function toDraft(row: DraftRow): Draft {
  return {
    key: row.key,
    kind: row.kind,
    text: row.text,
    status: row.status,
    parentHash: row.parent_hash,
    castHash: row.cast_hash,
    expiresAt: Number(row.expires_at),
  };
}

/** The Activity screen's address, where the owner reviews drafts. */
export function activityUrl(publicUrl: string): string {
  return checkedUrl(`${publicUrl}/you/activity`, 'The activity page URL');
}

/**
 * "Ask me first": the writing is composed and kept as a draft under its writing key (once: a retried
 * job finds it), and the owner is told when its notifications are on. Nothing is cast.
 */
export async function holdAsDraft(
  deps: TwinActionDeps,
  draft: DraftToHold,
  compose: () => Promise<WrittenText>,
): Promise<{ status: 'drafted'; text: string; key: string }> {
  const { db } = deps;
  const existing = await db.selectFrom('twin_drafts').select('text').where('key', '=', draft.key).executeTakeFirst();
  if (existing) return { status: 'drafted', text: existing.text, key: draft.key };
  const written = await compose();
  const now = await knownClockSeconds(db);
  const clockAt = draft.clockAt ?? now;
  await db
    .insertInto('twin_drafts')
    .values({
      key: draft.key,
      agent_id: draft.agentId,
      kind: draft.kind,
      text: written.text,
      engine: written.engine,
      parent_hash: draft.parentHash ?? null,
      thread_hash: draft.threadHash ?? null,
      counterpart_fid: draft.counterpartFid ?? null,
      clock_at: clockAt,
      expires_at: Math.max(clockAt, now) + DRAFT_REVIEW_SECONDS,
      answered_text: draft.answered?.text ?? null,
      answered_username: draft.answered?.username ?? null,
      policy: [...(written.policy ?? [])],
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const stored = await db
    .selectFrom('twin_drafts')
    .select('text')
    .where('key', '=', draft.key)
    .executeTakeFirstOrThrow();
  await tellOwner(deps, draft, stored.text);
  return { status: 'drafted', text: stored.text, key: draft.key };
}

/**
 * The owner's notification of a new draft, on every channel the owner has (a client with the app
 * added with notifications, a wallet signed in with for Base's Notifications API), whatever the
 * digests' switch says (a draft waits for the owner, and expires in a day), unless an earlier draft
 * still waits for review.
 */
async function tellOwner(deps: TwinActionDeps, draft: DraftToHold, text: string): Promise<void> {
  // One notice while drafts wait: a later draft joins the one the owner was told about (Activity
  // lists them all), instead of spending the client's one notification per 30 s on each.
  const waiting = await deps.db
    .selectFrom('twin_drafts')
    .select('key')
    .where('agent_id', '=', draft.agentId)
    .where('status', '=', 'pending')
    .where('key', '!=', draft.key)
    .where('created_at', '<', (eb) => eb.selectFrom('twin_drafts').select('created_at').where('key', '=', draft.key))
    .limit(1)
    .executeTakeFirst();
  if (waiting) return;
  const twin = await findTwinAccount(deps.db, draft.agentId);
  if (!twin) return;
  const reach = await ownersReach(deps.db, deps, [twin.ownerFid]);
  const what = draft.kind === 'post' ? 'post' : 'reply';
  const body = `Your twin wrote a ${what} — review it: ${text}`;
  await notifyOwner(deps, reach, twin.ownerFid, {
    // Stable per draft: a retry never notifies twice, on either channel.
    notificationId: `draft:${draft.key}`,
    title: `Review your twin's ${what}`,
    body: body.length <= LIMITS.notificationBodyChars ? body : `${body.slice(0, LIMITS.notificationBodyChars - 1)}…`,
    targetUrl: activityUrl(deps.publicUrl),
  });
}

/** The owner's review of drafts, as twin-actions' entry point offers it to the routes. */
export interface DraftReview {
  publish(agentId: string, key: string, text?: string): Promise<PublishOutcome>;
  discard(agentId: string, key: string): Promise<DraftRow | null>;
}

export type PublishOutcome =
  | { status: 'published'; draft: DraftRow }
  | { status: 'unknown' }
  | { status: 'busy' | 'closed'; draft: DraftRow };

/**
 * Publishes a draft exactly once, whatever taps, replicas and retries: a conditional status change
 * in Postgres takes the draft before anything is cast (a second publish finds it taken), and the
 * cast goes through the writers' own exactly-once path under the draft's key (a retry after a crash
 * sends the same cast, which the channel takes once). `text` replaces the draft's text (an edit).
 */
export async function publishDraft(
  deps: TwinActionDeps,
  agentId: string,
  key: string,
  text?: string,
): Promise<PublishOutcome> {
  const { db } = deps;
  const claimed = await db
    .updateTable('twin_drafts')
    .set({
      status: 'publishing',
      claimed_at: sql<Date>`now()`,
      // A take-over after a crash keeps the text that may already have been sent.
      ...(text !== undefined ? { text: sql<string>`case when status = 'pending' then ${text} else text end` } : {}),
    })
    .where('key', '=', key)
    .where('agent_id', '=', agentId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([
          eb('status', '=', 'publishing'),
          eb('claimed_at', '<', sql<Date>`now() - make_interval(secs => ${STALE_CLAIM_SECONDS})`),
        ]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
  if (!claimed) {
    const draft = await findDraft(db, agentId, key);
    if (!draft) return { status: 'unknown' };
    if (draft.status === 'published') return { status: 'published', draft };
    return { status: draft.status === 'publishing' ? 'busy' : 'closed', draft };
  }
  try {
    const twin = await findTwinAccount(db, agentId);
    if (!twin) throw new Error(`The twin ${agentId} has no account to cast from`);
    const result = await writeOnce(
      db,
      {
        key,
        agentId,
        kind: claimed.kind,
        threadHash: claimed.thread_hash,
        counterpartFid: claimed.counterpart_fid,
        clockAt: claimed.clock_at,
        answered:
          claimed.answered_text !== null && claimed.answered_username !== null
            ? { text: claimed.answered_text, username: claimed.answered_username }
            : null,
      },
      async () => ({ text: claimed.text, engine: claimed.engine, policy: claimed.policy }),
      async (castText) => {
        const { hash } = await deps.farcasterActions.publishCast({
          account: { fid: twin.fid, signerId: twin.signerId },
          text: castText,
          embeds: [],
          ...(claimed.parent_hash ? { parentHash: claimed.parent_hash } : {}),
          idempotencyKey: key,
        });
        return hash;
      },
    );
    const draft = await db
      .updateTable('twin_drafts')
      .set({ status: 'published', cast_hash: result.deliveredRef })
      .where('key', '=', key)
      .returning(DRAFT_COLUMNS)
      .executeTakeFirstOrThrow();
    return { status: 'published', draft };
  } catch (error) {
    // Not cast: the owner may try again.
    await db
      .updateTable('twin_drafts')
      .set({ status: 'pending', claimed_at: null })
      .where('key', '=', key)
      .where('status', '=', 'publishing')
      .execute();
    throw error;
  }
}

/** Discards a pending draft; answers the draft as it is after (null when there is none). */
export async function discardDraft(db: Db, agentId: string, key: string): Promise<DraftRow | null> {
  await db
    .updateTable('twin_drafts')
    .set({ status: 'discarded' })
    .where('key', '=', key)
    .where('agent_id', '=', agentId)
    .where('status', '=', 'pending')
    .execute();
  return findDraft(db, agentId, key);
}

export async function findDraft(db: Db, agentId: string, key: string): Promise<DraftRow | null> {
  const row = await db
    .selectFrom('twin_drafts')
    .select(DRAFT_COLUMNS)
    .where('key', '=', key)
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Discards the drafts not reviewed in time (clock time `now`), each recorded as a skip
 * ('draft-expired') in the same transaction, in bounded batches; a publish that took a draft first
 * wins (only pending drafts expire). Safe on several replicas: rows taken are locked, others skipped.
 */
export async function expireDrafts(deps: Pick<TwinActionDeps, 'db' | 'logger'>, now: number): Promise<number> {
  let expired = 0;
  for (;;) {
    const rows = await deps.db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('twin_drafts')
        .set({ status: 'expired' })
        .where(
          'key',
          'in',
          trx
            .selectFrom('twin_drafts')
            .select('key')
            .where('status', '=', 'pending')
            .where('expires_at', '<=', now)
            .limit(EXPIRY_BATCH)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['key', 'agent_id', 'kind', 'parent_hash', 'clock_at', 'counterpart_fid'])
        .execute();
      for (const row of taken) {
        await recordSkip(
          { db: trx, logger: deps.logger },
          {
            key: row.key,
            agent_id: row.agent_id,
            kind: row.kind,
            reason: 'draft-expired',
            subject: row.parent_hash ?? String(row.clock_at),
            author_fid: row.counterpart_fid,
          },
        );
      }
      return taken.length;
    });
    expired += rows;
    if (rows < EXPIRY_BATCH) return expired;
  }
}

/**
 * Deletes drafts closed (published, discarded or expired) and made over CLOSED_DRAFTS_KEPT_DAYS
 * before `now`, in bounded batches: a published one lives on as its writing, an expired one as its
 * skip (kept as long). A pending or publishing draft is never deleted. Answers how many.
 */
export function deleteClosedDrafts(db: Db, now = new Date(), batchSize = CLEANUP_BATCH): Promise<number> {
  const before = new Date(now.getTime() - CLOSED_DRAFTS_KEPT_DAYS * 24 * 3600 * 1000);
  return deleteInBatches(batchSize, (limit) =>
    db
      .deleteFrom('twin_drafts')
      .where(
        'key',
        'in',
        db
          .selectFrom('twin_drafts')
          .select('key')
          .where('status', 'in', CLOSED_DRAFTS)
          .where('created_at', '<', before)
          .limit(limit),
      )
      .executeTakeFirstOrThrow(),
  );
}
