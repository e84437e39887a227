// The local social network that stands in for Farcaster locally: its accounts, casts, direct messages
// and routes.

export { localConversation, localDirectMessages, sendLocalDirectMessage } from './local-direct-messages.ts';
export { localFarcasterActions } from './local-farcaster-actions.ts';
export { localFarcasterData } from './local-farcaster-data.ts';
export type { LocalCastToPublish } from './local-network.ts';
export {
  createLocalAccount,
  findAccount,
  findAccountScore,
  findCast,
  localCastHash,
  markLocalCastHandedOn,
  publishLocalCast,
  seedLocalNetwork,
} from './local-network.ts';
export { localNetworkRoutes } from './routes.ts';
