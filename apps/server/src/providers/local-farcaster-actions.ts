import type { Db } from '../db/database.ts';
import { createLocalAccount, publishLocalCast } from '../social/local-network.ts';
import { type FarcasterActions, usernameCandidate } from './farcaster-actions.ts';

/** How many numbered alternatives to try when a username is taken. */
const USERNAME_ATTEMPTS = 50;

/** Local mode's Farcaster writes: accounts and casts in the local social network. */
export function localFarcasterActions(db: Db): FarcasterActions {
  return {
    async createAccount(request) {
      const usernameCandidates = Array.from({ length: USERNAME_ATTEMPTS }, (_, index) =>
        usernameCandidate(request.username, index + 1),
      );
      const account = await createLocalAccount(db, {
        displayName: request.displayName,
        pfpUrl: request.pfpUrl,
        bio: request.bio,
        custodyAddress: request.custody.address,
        usernameCandidates,
      });
      return { fid: account.fid, username: account.username, signerId: null };
    },
    publishCast(request) {
      return publishLocalCast(db, {
        fid: request.account.fid,
        text: request.text,
        embeds: request.embeds,
        idempotencyKey: request.idempotencyKey,
      });
    },
  };
}
