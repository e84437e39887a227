import { BATTERY_DAYS, BATTERY_PRICE_USDC, LIMITS, USDC_DECIMALS } from '@fartwin/protocol';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { formatUnits } from 'viem';
import { type LifeIndexerDeps, syncLifeIndex } from '../platform/chain/life-indexer.ts';
import type { ServerConfig } from '../platform/config/config.ts';
import { LOCK_SPACES, withAdvisoryLock } from '../platform/db/advisory-locks.ts';
import type { Db } from '../platform/db/database.ts';
import type { LifeNotificationsTable } from '../platform/db/schema.ts';
import { startTicker } from '../platform/jobs/ticker.ts';
import { skippingUnusableInput } from '../platform/logging/rejected-inputs.ts';
import { notifyOwner, type OwnerChannels, ownersReach } from './owner-notices.ts';
import type { NotificationMessage } from './sender.ts';

export const LIFE_WATCH_QUEUE = 'life-watch';
/** Where a skipped notice is recorded, keyed by its notification id (`{kind}:{agentId}:{expiresAt}`). */
const NOTICE_SOURCE = 'life-notice';

export type LifeNoticeKind = LifeNotificationsTable['kind'];

const HOUR_SECONDS = 60 * 60;
/** The battery warning goes out once a twin has less than this left. */
const WARNING_WINDOW_SECONDS = 24 * HOUR_SECONDS;
/**
 * Deaths older than one battery's life are old news, not announced: on the first start in
 * production, or to an owner who turns notifications on long after.
 */
const DEATH_NEWS_SECONDS = BATTERY_DAYS * 24 * HOUR_SECONDS;
/** Notices one tick sends at most; the rest go on the next tick. */
const MAX_NOTICES_PER_TICK = 200;

/** A notice due to a twin's owner, for one expiry. */
export interface LifeNotice {
  kind: LifeNoticeKind;
  agentId: string;
  ownerFid: number;
  twinUsername: string;
  expiresAt: number;
}

const BATTERY_PRICE = `${formatUnits(BATTERY_PRICE_USDC, USDC_DECIMALS)} USDC`;

/**
 * What the owner reads. The id names the twin and the expiry, so each notice exists once per life
 * (clients show an id once per user) and a revival's new expiry makes new ones. A username too long
 * for the body limit gives way to "Your twin".
 */
export function lifeNoticeMessage(notice: LifeNotice, now: number, targetUrl: string): NotificationMessage {
  const hoursLeft = Math.max(1, Math.round((notice.expiresAt - now) / HOUR_SECONDS));
  const body = (twin: string) =>
    notice.kind === 'battery-warning'
      ? `${twin} has about ${hoursLeft} ${hoursLeft === 1 ? 'hour' : 'hours'} of battery left. ${BATTERY_PRICE} buys it ${BATTERY_DAYS} more days.`
      : `${twin} ran out of battery. Anyone can bring it back: ${BATTERY_PRICE} buys ${BATTERY_DAYS} more days of life.`;
  const named = body(`@${notice.twinUsername}`);
  return {
    notificationId: `${notice.kind}:${notice.agentId}:${notice.expiresAt}`,
    title: notice.kind === 'battery-warning' ? "Your twin's battery is low" : 'Your twin is dead',
    body: named.length <= LIMITS.notificationBodyChars ? named : body('Your twin'),
    targetUrl,
  };
}

/**
 * Twins whose notice of this kind is due and not yet sent for their current expiry, and whose owner
 * has a notification token (or, with Base's channel on, signed in by wallet). Owners without one are left out rather than marked done: one who turns
 * notifications on while the notice still matters gets it then.
 */
async function dueNotices(db: Db, kind: LifeNoticeKind, now: number, byWallet: boolean): Promise<LifeNotice[]> {
  let query = db
    .selectFrom('agent_lives')
    .innerJoin('agents', 'agents.agent_id', 'agent_lives.agent_id')
    .select([
      'agents.agent_id as agentId',
      'agents.owner_fid as ownerFid',
      'agents.twin_username as twinUsername',
      'agent_lives.expires_at as expiresAt',
    ])
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('life_notifications')
            .select(sql`1`.as('sent'))
            .whereRef('life_notifications.agent_id', '=', 'agent_lives.agent_id')
            .whereRef('life_notifications.expires_at', '=', 'agent_lives.expires_at')
            .where('life_notifications.kind', '=', kind),
        ),
      ),
    )
    // One Postgres refused (recorded in rejected_inputs under its notification id) is not tried again.
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('rejected_inputs')
            .select(sql`1`.as('rejected'))
            .where('rejected_inputs.source', '=', NOTICE_SOURCE)
            .whereRef(
              'rejected_inputs.key',
              '=',
              sql`${kind} || ':' || agent_lives.agent_id || ':' || agent_lives.expires_at`,
            ),
        ),
      ),
    )
    .where(({ exists, or, selectFrom }) =>
      or([
        exists(
          selectFrom('notification_tokens')
            .select(sql`1`.as('enabled'))
            .whereRef('notification_tokens.fid', '=', 'agents.owner_fid'),
        ),
        ...(byWallet
          ? [
              exists(
                selectFrom('wallet_notification_addresses')
                  .select(sql`1`.as('signed_in'))
                  .whereRef('wallet_notification_addresses.fid', '=', 'agents.owner_fid'),
              ),
            ]
          : []),
      ]),
    );
  query =
    kind === 'battery-warning'
      ? query
          .where('agent_lives.expires_at', '>', now)
          .where('agent_lives.expires_at', '<=', now + WARNING_WINDOW_SECONDS)
      : query.where('agent_lives.expires_at', '<=', now).where('agent_lives.expires_at', '>', now - DEATH_NEWS_SECONDS);
  const rows = await query.orderBy('agent_lives.expires_at').limit(MAX_NOTICES_PER_TICK).execute();
  return rows.map((row) => ({ kind, ...row }));
}

export interface LifeWatchTickDeps extends LifeIndexerDeps, OwnerChannels {
  /** Where a notification opens: the mini-app. */
  targetUrl: string;
}

/**
 * One pass: index LifeExtended events, then send the battery warnings and death notices due by the
 * life index's clock (syncLifeIndex: the time of the last block indexed, the head's "now" once at the
 * head), so a revival in a block the pass has not reached sends no false death notice. A notice is
 * recorded once sent (tokens a client could not take yet are the retry job's), so it goes out once
 * per expiry; a crash between sending and recording resends it under the same id, which clients
 * show once. Ticks never overlap, across replicas too (an advisory lock). Answers the notices sent.
 */
export async function runLifeWatchTick(deps: LifeWatchTickDeps): Promise<LifeNotice[]> {
  const { logger } = deps;
  // The tick's queries run on the lock's own connection: it needs no second one from the pool.
  return withAdvisoryLock(deps.db, { space: LOCK_SPACES.lifeWatch, id: 0 }, { wait: true }, async (db) => {
    const now = await syncLifeIndex({ ...deps, db });
    // No contracts yet (the local chain is not bootstrapped): no lives to watch.
    if (now === null) return [];
    const byWallet = deps.base !== undefined;
    const notices = [
      ...(await dueNotices(db, 'battery-warning', now, byWallet)),
      ...(await dueNotices(db, 'dead', now, byWallet)),
    ];
    if (notices.length === 0) return [];
    const reach = await ownersReach(db, deps, [...new Set(notices.map((notice) => notice.ownerFid))]);
    const done: LifeNotice[] = [];
    for (const notice of notices) {
      const message = lifeNoticeMessage(notice, now, deps.targetUrl);
      try {
        // A notice Postgres refuses (class 22) is recorded and skipped, not retried every tick.
        const sent = await skippingUnusableInput(
          { db, logger },
          { source: NOTICE_SOURCE, key: message.notificationId, input: notice },
          async () => {
            if (!(await notifyOwner(deps, reach, notice.ownerFid, message))) return false;
            await db
              .insertInto('life_notifications')
              .values({ agent_id: notice.agentId, expires_at: notice.expiresAt, kind: notice.kind })
              .onConflict((conflict) => conflict.doNothing())
              .execute();
            return true;
          },
        );
        if (sent) done.push(notice);
      } catch (error) {
        // Not recorded: the next tick tries again. Other twins' notices go on.
        logger.error({ err: error, agentId: notice.agentId, kind: notice.kind }, 'life notification failed');
      }
    }
    return done;
  });
}

export interface LifeWatchDeps extends LifeIndexerDeps, OwnerChannels {
  config: Pick<ServerConfig, 'publicUrl' | 'lifeWatchIntervalSeconds'>;
}

/** Starts the life watch on this replica: one tick per interval across all replicas (jobs/ticker.ts). */
export async function startLifeWatch(boss: PgBoss, deps: LifeWatchDeps): Promise<void> {
  const { config, logger } = deps;
  const tickDeps: LifeWatchTickDeps = { ...deps, targetUrl: config.publicUrl };
  await startTicker(boss, { queue: LIFE_WATCH_QUEUE, intervalSeconds: config.lifeWatchIntervalSeconds, logger }, () =>
    runLifeWatchTick(tickDeps),
  );
}
