/**
 * `produce` run at most once per `windowMs`: callers within the window share its promise, the one
 * in flight included, so a burst of probes costs one round of the calls it makes. A failure is
 * not kept (the next caller tries again). `windowMs` 0: every call runs it.
 */
export function reusedFor<T>(windowMs: number, produce: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    const now = Date.now();
    if (last && now - last.at < windowMs) return last.value;
    const current = { at: now, value: produce() };
    last = current;
    current.value.catch(() => {
      if (last === current) last = null;
    });
    return current.value;
  };
}
