import { COUNTDOWN_TICK_MS } from '@fartwin/protocol';
import { useEffect, useState } from 'react';

export interface Countdown {
  /** Milliseconds left, never below 0; null without an expiry (unknown: never dead). */
  remainingMs: number | null;
  isDead: boolean;
}

/**
 * Ticks every second against the expiry timestamp (ms). When the remaining time runs out the
 * timer stops, shows 0 and the twin is dead. `clockOffsetMs` is how far the chain's
 * clock runs ahead of the device's: the expiry is chain time.
 */
export function useCountdown(expiryMs: number | null, clockOffsetMs = 0): Countdown {
  // The last tick and the expiry it counted for: a new expiry (a revival, or one just read from the
  // chain) counts from this moment at once, not from a tick taken before it.
  const [tick, setTick] = useState(() => ({ at: Date.now(), expiryMs }));

  useEffect(() => {
    if (expiryMs === null) return;
    const left = (at: number) => expiryMs - (at + clockOffsetMs);
    setTick({ at: Date.now(), expiryMs });
    if (left(Date.now()) <= 0) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setTick({ at, expiryMs });
      if (left(at) <= 0) clearInterval(timer);
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [expiryMs, clockOffsetMs]);

  if (expiryMs === null) return { remainingMs: null, isDead: false };
  const now = tick.expiryMs === expiryMs ? tick.at : Date.now();
  const remaining = expiryMs - (now + clockOffsetMs);
  return { remainingMs: Math.max(0, remaining), isDead: remaining <= 0 };
}
