import { createHash } from 'node:crypto';

const HALF_DAY_SECONDS = 12 * 60 * 60;
const DAY_SECONDS = 2 * HALF_DAY_SECONDS;

/** The schedules a twin can have: its posts and its owner's digests, each twice a day. */
export type ScheduleStream = 'post' | 'digest';
export const SCHEDULE_STREAMS: readonly ScheduleStream[] = ['post', 'digest'];

/** Two moments of the day for one twin and stream, each in its own half-day, fixed per twin. */
function phases(agentId: string, stream: ScheduleStream): [number, number] {
  const digest = createHash('sha256').update(`${stream}:${agentId}`).digest();
  return [digest.readUInt32BE(0) % HALF_DAY_SECONDS, digest.readUInt32BE(4) % HALF_DAY_SECONDS];
}

/** The slot in half-day `half` (halves counted from the epoch; even ones take the first moment). */
function slotIn(half: number, [first, second]: [number, number]): number {
  return half * HALF_DAY_SECONDS + (half % 2 === 0 ? first : second);
}

/**
 * The slot times (unix seconds) due by `now`: in the last day and after `after` (when the switch
 * went on, or the last time the schedule was looked at). Each twin has its own two random moments a
 * day, one in each half-day; because they repeat daily, any 24 hours hold exactly two, so a clock
 * moved forward by a day (the dev host's "Advance 1 day") brings that day's two and no more, and a
 * server that was down catches up on at most one day.
 */
export function dueSlots(agentId: string, stream: ScheduleStream, after: number, now: number): number[] {
  const from = Math.max(after, now - DAY_SECONDS);
  const moments = phases(agentId, stream);
  const slots: number[] = [];
  for (let half = Math.floor(from / HALF_DAY_SECONDS) - 1; half * HALF_DAY_SECONDS <= now; half++) {
    const slot = slotIn(half, moments);
    if (slot > from && slot <= now) slots.push(slot);
  }
  return slots;
}

/** The first slot strictly after `after`: when the schedule next has something due. */
export function nextSlotAfter(agentId: string, stream: ScheduleStream, after: number): number {
  const moments = phases(agentId, stream);
  let half = Math.floor(after / HALF_DAY_SECONDS);
  while (slotIn(half, moments) <= after) half++;
  return slotIn(half, moments);
}
