import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { batteryPercentage, formatCountdown } from './countdown.ts';
import { useCountdown } from './hooks/useCountdown.ts';

describe('countdown format: days:hours:minutes:seconds, 2 digits each', () => {
  it.each([
    [0, '00:00:00:00'],
    [-5_000, '00:00:00:00'],
    [1_000, '00:00:00:01'],
    [59_999, '00:00:00:59'],
    [((1 * 24 + 2) * 60 + 3) * 60_000 + 4_000, '01:02:03:04'],
    [7 * 86_400_000, '07:00:00:00'],
  ])('%i ms shows %s', (ms, shown) => {
    expect(formatCountdown(ms)).toBe(shown);
  });

  it('reads the battery as a share of one 7-day pack', () => {
    expect(batteryPercentage(7 * 86_400_000)).toBe(100);
    expect(batteryPercentage(14 * 86_400_000)).toBe(100);
    expect(batteryPercentage(3.5 * 86_400_000)).toBe(50);
    expect(batteryPercentage(-1)).toBe(0);
  });
});

describe('useCountdown', () => {
  it('ticks every second, then stops at 0 and marks the twin dead', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    const expiry = Date.now() + 2_500;
    const { result } = renderHook(() => useCountdown(expiry));
    expect(result.current).toEqual({ remainingMs: 2_500, isDead: false });
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toEqual({ remainingMs: 1_500, isDead: false });
    act(() => vi.advanceTimersByTime(2_000));
    expect(result.current).toEqual({ remainingMs: 0, isDead: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a new expiry (a revival) counts from this moment, not from the last tick', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    const { result, rerender } = renderHook(({ expiry }) => useCountdown(expiry), {
      initialProps: { expiry: Date.now() - 1 },
    });
    expect(result.current.isDead).toBe(true);
    // The dead twin's timer stopped; time goes on while the battery is bought.
    act(() => vi.advanceTimersByTime(5_000));
    rerender({ expiry: Date.now() + 7 * 86_400_000 });
    expect(result.current).toEqual({ remainingMs: 7 * 86_400_000, isDead: false });
  });

  it('is dead at once when the expiry has passed, and not dead without an expiry', () => {
    expect(renderHook(() => useCountdown(Date.now() - 1)).result.current).toEqual({ remainingMs: 0, isDead: true });
    expect(renderHook(() => useCountdown(null)).result.current).toEqual({ remainingMs: null, isDead: false });
  });
});
