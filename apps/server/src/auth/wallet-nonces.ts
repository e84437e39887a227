import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';

/** A wallet sign-in nonce must be used within this many minutes of being issued. */
export const WALLET_NONCE_TTL_MINUTES = 10;

/**
 * Single-use nonces for web mode's wallet sign-in, kept in Postgres so every replica agrees. Each
 * is deleted as it is used, whatever the sign-in's outcome, and expired ones go as new ones come.
 */
export function walletNonces(db: Db) {
  return {
    async issue(): Promise<string> {
      // 32 hex characters: EIP-4361 wants at least 8 alphanumerics.
      const nonce = randomBytes(16).toString('hex');
      await db
        .deleteFrom('wallet_sign_in_nonces')
        .where('created_at', '<=', sql<Date>`now() - make_interval(mins => ${WALLET_NONCE_TTL_MINUTES})`)
        .execute();
      await db.insertInto('wallet_sign_in_nonces').values({ nonce }).execute();
      return nonce;
    },

    /** True once for a nonce issued here within its lifetime; false for any other, or a second use. */
    async consume(nonce: string): Promise<boolean> {
      // One DELETE: of two concurrent uses, only one gets the row back.
      const used = await db
        .deleteFrom('wallet_sign_in_nonces')
        .where('nonce', '=', nonce)
        .returning(sql<boolean>`created_at > now() - make_interval(mins => ${WALLET_NONCE_TTL_MINUTES})`.as('fresh'))
        .executeTakeFirst();
      return used?.fresh === true;
    },
  };
}

export type WalletNonces = ReturnType<typeof walletNonces>;
