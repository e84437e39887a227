import type { Db } from '../platform/db/database.ts';
import type { BaseNotifier } from './base-sender.ts';
import { type NotificationTarget, notificationTargets } from './notification-tokens.ts';
import type { NotificationMessage, NotificationSender } from './sender.ts';
import { walletAddressesOf } from './wallet-addresses.ts';

/**
 * The channels an owner's notice goes through: Farcaster clients' tokens, and Base's Notifications
 * API for the wallets the owner signed in with (when it is configured). An owner with both gets the
 * notice once on each: they are different apps, each with its own exactly-once key (the
 * notificationId per token on Farcaster's side, the (notice, wallet) row on Base's), and the owner
 * may read only one of them.
 */
export interface OwnerChannels {
  sender: NotificationSender;
  base?: BaseNotifier;
}

/** Where a set of owners can be reached, read once for a batch of notices. */
export interface OwnersReach {
  targets: NotificationTarget[];
  wallets: { fid: number; address: string }[];
}

export async function ownersReach(db: Db, channels: OwnerChannels, fids: readonly number[]): Promise<OwnersReach> {
  return {
    targets: await notificationTargets(db, fids),
    wallets: channels.base ? await walletAddressesOf(db, fids) : [],
  };
}

/** Whether the owner can be reached at all: a Farcaster client's token, or a wallet on Base. */
export function reachesOwner(reach: OwnersReach, ownerFid: number): boolean {
  return (
    reach.targets.some((target) => target.fid === ownerFid) || reach.wallets.some((wallet) => wallet.fid === ownerFid)
  );
}

/** Sends `message` to the owner through every channel they have; answers whether they had any. */
export async function notifyOwner(
  channels: OwnerChannels,
  reach: OwnersReach,
  ownerFid: number,
  message: NotificationMessage,
): Promise<boolean> {
  const targets = reach.targets.filter((target) => target.fid === ownerFid);
  const wallets = reach.wallets.filter((wallet) => wallet.fid === ownerFid).map((wallet) => wallet.address);
  if (targets.length > 0) await channels.sender.send(message, targets);
  if (wallets.length > 0) await channels.base?.send(message, wallets);
  return targets.length > 0 || wallets.length > 0;
}
