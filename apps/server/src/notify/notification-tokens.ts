import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';

/** Where a Farcaster client (app fid) accepts notifications for one user. */
export interface NotificationTarget {
  fid: number;
  appFid: number;
  url: string;
  token: string;
}

/** Stores (or replaces) the user's token for this client: miniapp_added with details, notifications_enabled. */
export async function saveNotificationToken(db: Db, target: NotificationTarget): Promise<void> {
  await db
    .insertInto('notification_tokens')
    .values({ fid: target.fid, app_fid: target.appFid, url: target.url, token: target.token })
    .onConflict((conflict) =>
      conflict
        .columns(['fid', 'app_fid'])
        // A new token starts with the client's rate limit untouched: nothing queued on it.
        .doUpdateSet({ url: target.url, token: target.token, updated_at: sql`now()`, paced_until: null }),
    )
    .execute();
}

/** Forgets the user's token for this client: notifications_disabled, miniapp_removed. */
export async function deleteNotificationToken(db: Db, fid: number, appFid: number): Promise<void> {
  await db.deleteFrom('notification_tokens').where('fid', '=', fid).where('app_fid', '=', appFid).execute();
}

/** Every client's token for these users. */
export async function notificationTargets(db: Db, fids: readonly number[]): Promise<NotificationTarget[]> {
  if (fids.length === 0) return [];
  const rows = await db
    .selectFrom('notification_tokens')
    .selectAll()
    .where(sql<boolean>`fid = any(${[...fids]}::bigint[])`)
    .execute();
  return rows.map((row) => ({ fid: row.fid, appFid: row.app_fid, url: row.url, token: row.token }));
}

/** Those of `tokens` still stored for this URL: a user who turned notifications off meanwhile is left alone. */
export async function storedTokens(db: Db, url: string, tokens: readonly string[]): Promise<string[]> {
  if (tokens.length === 0) return [];
  const rows = await db
    .selectFrom('notification_tokens')
    .select('token')
    .where('url', '=', url)
    .where(sql<boolean>`token = any(${[...tokens]}::text[])`)
    .execute();
  return rows.map((row) => row.token);
}

/** Deletes tokens a client reported invalid. */
export async function deleteInvalidTokens(db: Db, url: string, tokens: readonly string[]): Promise<void> {
  if (tokens.length === 0) return;
  await db
    .deleteFrom('notification_tokens')
    .where('url', '=', url)
    .where(sql<boolean>`token = any(${[...tokens]}::text[])`)
    .execute();
}

/**
 * Reserves, for each of these tokens still stored, the next free slot of `paceSeconds` behind those
 * already reserved (from now, when none are), and answers the latest reserved: when a notice
 * rate-limited on them may be tried again without meeting the others queued on the same tokens.
 * Null when none of the tokens is stored any more (the user turned notifications off).
 */
export async function reserveNextSlot(
  db: Db,
  url: string,
  tokens: readonly string[],
  paceSeconds: number,
): Promise<Date | null> {
  if (tokens.length === 0) return null;
  const { rows } = await sql<{ slot: Date | null }>`
    with reserved as (
      update notification_tokens
      set paced_until = greatest(coalesce(paced_until, now()), now()) + make_interval(secs => ${paceSeconds})
      where url = ${url} and token = any(${[...tokens]}::text[])
      returning paced_until)
    select max(paced_until) as slot from reserved`.execute(db);
  return rows[0]?.slot ?? null;
}
