import { COUNTDOWN_TICK_MS } from '@fartwin/protocol';
import { useEffect, useState } from 'react';

export interface Countdown {
  /** Milliseconds left, never below 0; null without an expiry. */
  remainingMs: number | null;
  isDead: boolean;
}

/**
 * Ticks every second against the expiry timestamp (ms). When the remaining time runs out the
 * timer stops, shows 0 and the twin is dead (SPEC.md §4). `clockOffsetMs` is how far the chain's
 * clock runs ahead of the device's: the expiry is chain time.
 */
export function useCountdown(expiryMs: number | null, clockOffsetMs = 0): Countdown {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (expiryMs === null) return;
    const left = (at: number) => expiryMs - (at + clockOffsetMs);
    setNow(Date.now());
    if (left(Date.now()) <= 0) return;
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (left(tick) <= 0) clearInterval(timer);
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [expiryMs, clockOffsetMs]);

  if (expiryMs === null) return { remainingMs: null, isDead: false };
  const remaining = expiryMs - (now + clockOffsetMs);
  return { remainingMs: Math.max(0, remaining), isDead: remaining <= 0 };
}
