export { TwinEconomy } from './TwinEconomy.tsx';
