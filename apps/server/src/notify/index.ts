/**
 * The owner-notice channels as other parts of the server use them: Farcaster clients' tokens and
 * Base's Notifications API, and the one way to reach an owner through both.
 */
export type { BaseNotifier } from './base-sender.ts';
export { notifyOwner, type OwnerChannels, type OwnersReach, ownersReach, reachesOwner } from './owner-notices.ts';
export type { NotificationMessage, NotificationSender } from './sender.ts';
