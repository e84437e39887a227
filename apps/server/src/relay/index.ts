// Revival with only USDC: the operator relays a reviver's signed EIP-3009
// battery to the life contract and pays the gas, within caps.
export { type BatteryRelay, type BatteryRelayCaps, batteryRelay, OTHER_WAYS } from './relay-service.ts';
export { batteryRelayRoutes } from './routes.ts';
