// The owner's view of the twin's wallet, and withdrawals to the owner's addresses.
export { twinWalletRoutes } from './routes.ts';
export { twinWalletService } from './twin-wallet-service.ts';
