import { createVerifyAppKeyWithHub, type VerifyAppKey } from '@farcaster/miniapp-node';
import type { Db } from '../platform/db/database.ts';

/** Neynar's Farcaster hub (Snapchain) API, its hub spec's server since 2025-10; production checks app keys there. */
export const NEYNAR_HUB_URL = 'https://snapchain-api.neynar.com';

/** Production: is this key an active app key of the user on the Farcaster hubs, and for which app? */
export function hubAppKeyVerifier(neynarApiKey: string, hubUrl = NEYNAR_HUB_URL): VerifyAppKey {
  return createVerifyAppKeyWithHub(hubUrl, { headers: { 'x-api-key': neynarApiKey } });
}

/** Local mode: the app keys clients registered in the local network. */
export function localAppKeyVerifier(db: Db): VerifyAppKey {
  return async (fid, appKey) => {
    const row = await db
      .selectFrom('local_app_keys')
      .select('app_fid')
      .where('fid', '=', fid)
      .where('public_key', '=', appKey.toLowerCase())
      .executeTakeFirst();
    return row ? { valid: true, appFid: row.app_fid } : { valid: false };
  };
}

/** Local mode: a client registers the key it signs a user's events with. */
export async function registerLocalAppKey(
  db: Db,
  key: { fid: number; appFid: number; publicKey: string },
): Promise<void> {
  await db
    .insertInto('local_app_keys')
    .values({ public_key: key.publicKey.toLowerCase(), fid: key.fid, app_fid: key.appFid })
    .onConflict((conflict) => conflict.column('public_key').doUpdateSet({ fid: key.fid, app_fid: key.appFid }))
    .execute();
}
