import { BATTERY_LIFE_SECONDS } from '@fartwin/protocol';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** days:hours:minutes:seconds, 2 digits each; anything below zero shows zero. */
export function formatCountdown(remainingMs: number): string {
  const ms = Math.max(0, remainingMs);
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  const seconds = Math.floor((ms % MINUTE) / SECOND);
  return [days, hours, minutes, seconds].map(twoDigits).join(':');
}

/** How full the battery is: the share of one 7-day pack left, 0 to 100. */
export function batteryPercentage(remainingMs: number): number {
  const full = BATTERY_LIFE_SECONDS * SECOND;
  return Math.round(Math.min(1, Math.max(0, remainingMs / full)) * 100);
}
