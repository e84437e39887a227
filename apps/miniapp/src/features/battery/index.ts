export { withRevivalAction } from './chat-actions.ts';
export { BatteryGauge } from './components/BatteryGauge.tsx';
export { RevivalAction } from './components/RevivalActions.tsx';
export { useChainClockOffset } from './hooks/useChainClock.ts';
export { useChainExpiry } from './hooks/useChainExpiry.ts';
export { useCountdown } from './hooks/useCountdown.ts';
export { useRevival } from './hooks/useRevival.ts';
export { useSpentActions } from './hooks/useSpentActions.ts';
export type { RevivalMessage } from './types.ts';
