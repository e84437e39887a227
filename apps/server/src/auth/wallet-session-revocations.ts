import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../platform/db/database.ts';
import { startTicker } from '../platform/jobs/ticker.ts';

const CLEANUP_QUEUE = 'wallet-session-revocation-cleanup';
const CLEANUP_INTERVAL_SECONDS = 5 * 60;

/**
 * Signed-out web sessions (their tokens' jti), in Postgres so that a sign-out on one replica holds on
 * every replica at once. A row is needed only until its token expires: after that the token fails
 * its own expiry check, and the cleanup ticker deletes the row.
 */
export function walletSessionRevocations(db: Db) {
  return {
    /** Records the session as ended; a second sign-out of the same session changes nothing. */
    async revoke(jti: string, expiresAt: Date): Promise<void> {
      await db
        .insertInto('wallet_session_revocations')
        .values({ jti, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('jti').doNothing())
        .execute();
    },

    /** One read by primary key, on every check of a session token. */
    async isRevoked(jti: string): Promise<boolean> {
      const row = await db
        .selectFrom('wallet_session_revocations')
        .select('jti')
        .where('jti', '=', jti)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Deletes the rows of tokens that have expired anyway; answers how many. */
    async deleteExpired(now = new Date()): Promise<number> {
      const result = await db.deleteFrom('wallet_session_revocations').where('expires_at', '<', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type WalletSessionRevocations = ReturnType<typeof walletSessionRevocations>;

/** Runs deleteExpired every few minutes, once across all replicas. */
export function startRevocationCleanup(
  boss: PgBoss,
  deps: { revocations: WalletSessionRevocations; logger: Logger },
): Promise<void> {
  return startTicker(
    boss,
    { queue: CLEANUP_QUEUE, intervalSeconds: CLEANUP_INTERVAL_SECONDS, logger: deps.logger },
    () => deps.revocations.deleteExpired(),
  );
}
