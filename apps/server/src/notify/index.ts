// Notices to owners: Farcaster notification tokens and their webhook, Base's wallet-address channel,
// the one way to reach an owner through both, and the life watch.
export { hubAppKeyVerifier, localAppKeyVerifier, registerLocalAppKey } from './app-keys.ts';
export { type BaseNotifier, startBaseNotificationSender } from './base-sender.ts';
export { startLifeWatch } from './life-watch.ts';
export { notifyOwner, type OwnerChannels, type OwnersReach, ownersReach, reachesOwner } from './owner-notices.ts';
export { payerName, revivalNoticeMessage } from './revival-notice.ts';
export { type NotificationMessage, type NotificationSender, startNotificationSender } from './sender.ts';
export { rememberWalletAddress } from './wallet-addresses.ts';
export { webhookRoutes } from './webhook-routes.ts';
