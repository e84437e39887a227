import type { Db } from '../platform/db/database.ts';
import type { FarcasterActions } from '../platform/providers/farcaster-actions.ts';
import { createLocalAccount, publishLocalCast } from './local-network.ts';

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
