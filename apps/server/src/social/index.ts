// The local social network that stands in for Farcaster locally: its accounts, casts, direct messages
// and routes.
export { seedLocalNetwork } from './local-network.ts';
export { localNetworkRoutes } from './routes.ts';
