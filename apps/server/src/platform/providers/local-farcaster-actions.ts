import { createLocalAccount, publishLocalCast } from '../../social/local-network.ts';
import type { Db } from '../db/database.ts';
import type { FarcasterActions } from './farcaster-actions.ts';

/** Local mode's Farcaster writes: accounts and casts in the local social network. */
export function localFarcasterActions(db: Db): FarcasterActions {
  return {
    async createAccount(request) {
      const account = await createLocalAccount(db, {
        username: request.username,
        displayName: request.displayName,
        pfpUrl: request.pfpUrl,
        bio: request.bio,
        custodyAddress: request.custody.address,
      });
      return { fid: account.fid, username: account.username, signerId: null };
    },
    publishCast(request) {
      return publishLocalCast(db, {
        fid: request.account.fid,
        text: request.text,
        embeds: request.embeds,
        idempotencyKey: request.idempotencyKey,
        parentHash: request.parentHash ?? null,
      });
    },
  };
}
