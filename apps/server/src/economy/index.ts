// Twins' fees and their battery: the fee lockers, the keeper that buys battery from fees, runway.

export { clankerFeeLocker } from './clanker-fee-locker.ts';
export { gasAdvanceOwed, keeperSummary, keeperTransactions } from './fee-history.ts';
export { startFeeKeeper } from './fee-keeper-job.ts';
export type { FeeLocker } from './fee-locker.ts';
export { localFeeLocker } from './local-fee-locker.ts';
export { economyRoutes } from './routes.ts';
