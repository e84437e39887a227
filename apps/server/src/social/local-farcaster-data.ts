import type { Db } from '../platform/db/database.ts';
import type { FarcasterCast, FarcasterData } from '../platform/providers/farcaster-data.ts';
import { findAccount, findAccountScore, findCast } from './local-network.ts';

/** Local mode's Farcaster: the social_* tables of the local social network. */
export function localFarcasterData(db: Db): FarcasterData {
  return {
    async getUser(fid) {
      const account = await findAccount(db, fid);
      return account && { ...account, score: await findAccountScore(db, fid) };
    },
    async getRecentCasts(fid, limit) {
      const rows = await db
        .selectFrom('social_casts as cast')
        .leftJoin('social_casts as parent', 'parent.hash', 'cast.parent_hash')
        .select(['cast.hash', 'cast.text', 'cast.parent_hash', 'cast.created_at', 'parent.text as parent_text'])
        .where('cast.fid', '=', fid)
        .orderBy('cast.created_at', 'desc')
        .orderBy('cast.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(
        (row): FarcasterCast => ({
          hash: row.hash,
          text: row.text,
          parentHash: row.parent_hash,
          parentText: row.parent_text,
          createdAt: row.created_at,
        }),
      );
    },
    async getCast(hash) {
      const cast = await findCast(db, hash);
      return cast
        ? {
            hash: cast.hash,
            text: cast.text,
            parentHash: cast.parentHash,
            author: { fid: cast.author.fid, username: cast.author.username },
          }
        : null;
    },
  };
}
