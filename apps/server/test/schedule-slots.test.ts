import { describe, expect, it } from 'vitest';
import { dueSlots, nextSlotAfter, type ScheduleStream } from '../src/twin-switches/schedule.ts';

const HOUR = 60 * 60;
const HALF_DAY = 12 * HOUR;
const DAY = 24 * HOUR;
const twins = ['0b5c3b52-6c1e-4a4b-9d0a-3f1e2a7c9e11', '9f0e8d7c-6b5a-4938-8271-605f4e3d2c1b', 'x'];
const streams: ScheduleStream[] = ['post', 'digest'];
/** Clock times spread over years, at odd offsets, so windows start anywhere in a half-day. */
const clocks = Array.from({ length: 40 }, (_, index) => 1_700_000_000 + index * 7_919_993 + (index % 7) * 3_571);

describe("a schedule's slots (dueSlots, nextSlotAfter)", () => {
  it('two moments a day, one in each half-day, the same every day, different per twin and stream', () => {
    for (const agentId of twins) {
      for (const stream of streams) {
        for (const now of clocks) {
          const slots = dueSlots(agentId, stream, 0, now);
          expect(slots).toHaveLength(2);
          const [first, second] = slots as [number, number];
          expect(Math.floor(second / HALF_DAY)).toBe(Math.floor(first / HALF_DAY) + 1);
          // A day later, the same moments.
          expect(dueSlots(agentId, stream, 0, now + DAY)).toEqual([first + DAY, second + DAY]);
        }
      }
    }
    const moments = (agentId: string, stream: ScheduleStream) =>
      dueSlots(agentId, stream, 0, clocks[0]!).map((slot) => slot % HALF_DAY);
    expect(moments(twins[0]!, 'post')).not.toEqual(moments(twins[1]!, 'post'));
    expect(moments(twins[0]!, 'post')).not.toEqual(moments(twins[0]!, 'digest'));
  });

  it('only slots in the last day, after `after`, and none later than now', () => {
    for (const now of clocks) {
      for (const agentId of twins) {
        for (const slot of dueSlots(agentId, 'post', 0, now)) {
          expect(slot).toBeGreaterThan(now - DAY);
          expect(slot).toBeLessThanOrEqual(now);
        }
        // A switch turned on now has nothing due yet; one on for an hour, at most that hour's slot.
        expect(dueSlots(agentId, 'post', now, now)).toEqual([]);
        const lastHour = dueSlots(agentId, 'post', now - HOUR, now);
        expect(lastHour.length).toBeLessThanOrEqual(1);
        expect(lastHour).toEqual(dueSlots(agentId, 'post', 0, now).filter((slot) => slot > now - HOUR));
      }
    }
  });

  it("a day's advance brings exactly two; a longer gap catches up on one day only", () => {
    for (const after of clocks) {
      for (const agentId of twins) {
        for (const stream of streams) {
          const day = dueSlots(agentId, stream, after, after + DAY);
          expect(day).toHaveLength(2);
          expect(day.every((slot) => slot > after && slot <= after + DAY)).toBe(true);
          // Down for five days: the last day's two, no more.
          expect(dueSlots(agentId, stream, after, after + 5 * DAY)).toEqual(
            dueSlots(agentId, stream, after + 4 * DAY, after + 5 * DAY),
          );
        }
      }
    }
  });

  it('the next slot after a time is the first one due after it', () => {
    for (const after of clocks) {
      for (const agentId of twins) {
        for (const stream of streams) {
          const next = nextSlotAfter(agentId, stream, after);
          expect(next).toBeGreaterThan(after);
          expect(dueSlots(agentId, stream, after, after + DAY)[0]).toBe(next);
          // Nothing is due before it; at it, exactly it.
          expect(dueSlots(agentId, stream, after, next - 1)).toEqual([]);
          expect(dueSlots(agentId, stream, after, next)).toEqual([next]);
          expect(nextSlotAfter(agentId, stream, next - 1)).toBe(next);
          // Handled up to its own time, a slot is not due again.
          expect(dueSlots(agentId, stream, next, next + DAY)).toEqual([
            nextSlotAfter(agentId, stream, next),
            next + DAY,
          ]);
        }
      }
    }
  });
});
