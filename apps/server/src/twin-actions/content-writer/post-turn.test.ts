import { describe, expect, it } from 'vitest';
import { POST_TURN_SECONDS, type PostJob, PostTurnTaken, postTurnFollowUp } from './post.ts';

describe("a post that finds its twin's post turn taken", () => {
  const job: PostJob = { kind: 'post', agentId: 'agent', slotAt: 1_000 };
  /** The waits a post makes while a sibling holds the turn for `holdSeconds`, until it is given up. */
  const waits = (holdSeconds: number) => {
    const made: number[] = [];
    let current = job;
    for (;;) {
      const waited = made.reduce((sum, wait) => sum + wait, 0);
      const next = postTurnFollowUp(current, new PostTurnTaken('held', holdSeconds - waited));
      if (!next) return made;
      made.push(next.startAfterSeconds);
      current = next.job;
    }
  };

  it("looks again after 2, 4, then every 8 seconds: a day's second post follows its first closely", () => {
    expect(waits(10_000).slice(0, 6)).toEqual([2, 4, 8, 8, 8, 8]);
  });

  it('never waits past the lapse of the turn, and waits long enough to see it lapse', () => {
    const made = waits(POST_TURN_SECONDS);
    const total = (count: number) => made.slice(0, count).reduce((sum, wait) => sum + wait, 0);
    // The wait that reaches the lapse is cut to it (a second past).
    const reaching = made.findIndex((_, index) => total(index + 1) > POST_TURN_SECONDS);
    expect(reaching).toBeGreaterThan(0);
    expect(total(reaching + 1)).toBeLessThanOrEqual(POST_TURN_SECONDS + 1);
    // Waits remain after it, for siblings that take the turn one after another.
    expect(made.length).toBeGreaterThan(reaching + 1);
  });
});
