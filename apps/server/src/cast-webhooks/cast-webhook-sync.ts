import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { LOCK_SPACES, withAdvisoryLock } from '../platform/db/advisory-locks.ts';
import type { Db } from '../platform/db/database.ts';
import { startTicker } from '../platform/jobs/ticker.ts';
import type { CastWebhookSync, CastWebhooks } from '../platform/providers/cast-webhooks.ts';

export const CAST_WEBHOOK_SYNC_QUEUE = 'cast-webhook-sync';
/** One lock for every change to the filters: each reads them, then rewrites them whole. */
const FILTERS_LOCK = { space: LOCK_SPACES.castWebhooks, id: 0 };

export interface CastWebhookDeps {
  db: Db;
  castWebhooks: CastWebhooks;
}

/** A twin's fid that no webhook has room for. */
export class NoWebhookRoom extends Error {
  override name = 'NoWebhookRoom';
}

const roomMessage = (unplaced: readonly number[]) =>
  `No Neynar webhook has room for ${unplaced.length} twin fid(s) (${unplaced.slice(0, 5).join(', ')}${unplaced.length > 5 ? ', …' : ''}): add a webhook to NEYNAR_WEBHOOK_IDS`;

/**
 * The fids the filters must list: every twin in the directory, and each deploy's new account (a
 * deploy lists its twin before the twin joins the directory, at its last step).
 */
export async function twinFids(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('agents')
    .select('twin_fid as fid')
    .union(
      db
        .selectFrom('deployments')
        .select('twin_fid as fid')
        .where('twin_fid', 'is not', null)
        .$narrowType<{ fid: number }>(),
    )
    .execute();
  return rows.map((row) => Number(row.fid));
}

/** The deploy step: the new twin's casts are delivered from now on. Idempotent. */
export async function followTwin(deps: CastWebhookDeps, fid: number): Promise<void> {
  const sync = await withAdvisoryLock(deps.db, FILTERS_LOCK, { wait: true }, () => deps.castWebhooks.follow(fid));
  if (sync.unplaced.length > 0) throw new NoWebhookRoom(roomMessage(sync.unplaced));
}

/** Makes the filters equal to the twins in the database; null when another replica is at it. */
export async function syncCastWebhooks(deps: CastWebhookDeps & { logger: Logger }): Promise<CastWebhookSync | null> {
  const sync = await withAdvisoryLock(deps.db, FILTERS_LOCK, { wait: false }, async (connection) =>
    deps.castWebhooks.reconcile(await twinFids(connection)),
  );
  if (sync?.updated)
    deps.logger.info({ updated: sync.updated }, 'neynar webhook filters brought in line with the twins');
  if (sync?.unplaced.length) deps.logger.error({ unplaced: sync.unplaced.length }, roomMessage(sync.unplaced));
  return sync;
}

/**
 * The reconcile: at start-up (the ticker's first slot) and every `intervalSeconds`, on one replica at
 * a time. It heals what a deploy step could not do and what changed by hand in Neynar's dashboard.
 */
export function startCastWebhookSync(
  boss: PgBoss,
  deps: CastWebhookDeps & { logger: Logger },
  intervalSeconds: number,
): Promise<void> {
  return startTicker(boss, { queue: CAST_WEBHOOK_SYNC_QUEUE, intervalSeconds, logger: deps.logger }, () =>
    syncCastWebhooks(deps),
  );
}
