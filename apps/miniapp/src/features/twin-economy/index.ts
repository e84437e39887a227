export { refreshTwinEconomy } from './query-key.ts';
export { TwinEconomy } from './TwinEconomy.tsx';
