import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';

/** Wallets kept per owner: the newest sign-ins; an owner's notices go to each of them. */
const MAX_WALLETS_PER_OWNER = 5;

/**
 * Remembers that `fid` signed in with this wallet (web mode's SIWE): Base's Notifications API
 * reaches its user there. Only the newest few wallets per owner are kept.
 */
export async function rememberWalletAddress(db: Db, fid: number, address: `0x${string}`): Promise<void> {
  await db
    .insertInto('wallet_notification_addresses')
    .values({ fid, address })
    .onConflict((conflict) => conflict.columns(['fid', 'address']).doUpdateSet({ signed_in_at: sql`now()` }))
    .execute();
  await sql`
    delete from wallet_notification_addresses
    where fid = ${fid} and address not in (
      select address from wallet_notification_addresses where fid = ${fid}
      order by signed_in_at desc limit ${MAX_WALLETS_PER_OWNER})`.execute(db);
}

/** The wallets these owners signed in with. */
export async function walletAddressesOf(db: Db, fids: readonly number[]): Promise<{ fid: number; address: string }[]> {
  if (fids.length === 0) return [];
  return db
    .selectFrom('wallet_notification_addresses')
    .select(['fid', 'address'])
    .where(sql<boolean>`fid = any(${[...fids]}::bigint[])`)
    .limit(fids.length * MAX_WALLETS_PER_OWNER)
    .execute();
}
