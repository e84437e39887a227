// Notices to owners: Farcaster notification tokens and their webhook, Base's wallet-address channel,
// the life watch.
export { hubAppKeyVerifier, localAppKeyVerifier } from './app-keys.ts';
export { startBaseNotificationSender } from './base-sender.ts';
export { startLifeWatch } from './life-watch.ts';
export { startNotificationSender } from './sender.ts';
export { rememberWalletAddress } from './wallet-addresses.ts';
export { webhookRoutes } from './webhook-routes.ts';
