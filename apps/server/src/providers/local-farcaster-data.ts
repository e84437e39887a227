import type { Db } from '../db/database.ts';
import type { FarcasterCast, FarcasterData, FarcasterUser } from './farcaster-data.ts';

/** Local mode's Farcaster: the social_* tables of the local social network. */
export function localFarcasterData(db: Db): FarcasterData {
  return {
    async getUser(fid) {
      const row = await db.selectFrom('social_accounts').selectAll().where('fid', '=', fid).executeTakeFirst();
      if (!row) return null;
      return {
        fid: row.fid,
        username: row.username,
        displayName: row.display_name,
        pfpUrl: row.pfp_url,
        bio: row.bio,
        custodyAddress: row.custody_address as FarcasterUser['custodyAddress'],
      };
    },
    async getRecentCasts(fid, limit) {
      const rows = await db
        .selectFrom('social_casts')
        .select(['hash', 'text', 'parent_hash', 'created_at'])
        .where('fid', '=', fid)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(
        (row): FarcasterCast => ({
          hash: row.hash,
          text: row.text,
          parentHash: row.parent_hash,
          createdAt: row.created_at,
        }),
      );
    },
  };
}
