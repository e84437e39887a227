export { BatteryGauge } from './components/BatteryGauge.tsx';
export { AllowUsdcButton, BuyBatteryButton, RevivalAction } from './components/RevivalActions.tsx';
export { batteryPercentage, formatCountdown } from './countdown.ts';
export { type Countdown, useCountdown } from './hooks/useCountdown.ts';
export { FREE_BATTERY_FLAG, type Revival, type TxPhase, useRevival } from './hooks/useRevival.ts';
export type { RevivalMessage } from './types.ts';
