import type { FeedCast } from '@fartwin/protocol';

/** A cast with the replies to it that the feed loaded, oldest first, each with its own. */
export interface CastThread {
  cast: FeedCast;
  replies: CastThread[];
}

/**
 * The feed's casts as threads: casts whose parent is not among them (top-level casts, and replies
 * to casts outside the page) newest first, and every reply under its parent, oldest first, as a
 * conversation reads.
 */
export function threadCasts(casts: readonly FeedCast[]): CastThread[] {
  const threads = new Map(casts.map((cast) => [cast.hash, { cast, replies: [] as CastThread[] }]));
  // Stable, so casts of the same instant keep the network's order (newest first) reversed.
  const oldestFirst = [...threads.values()]
    .reverse()
    .sort((a, b) => Date.parse(a.cast.createdAt) - Date.parse(b.cast.createdAt));
  const roots: CastThread[] = [];
  for (const thread of oldestFirst) {
    const parent = thread.cast.parentHash === null ? undefined : threads.get(thread.cast.parentHash);
    if (parent && parent !== thread) parent.replies.push(thread);
    else roots.push(thread);
  }
  return roots.reverse();
}
