import { TimeBudgetExceeded } from './time-budget.ts';

export interface StreamBudget {
  /** The whole stream, first chunk to last. */
  totalMs: number;
  /** The longest wait for the next chunk: a stream that stalls mid-way is stopped after this. */
  stallMs: number;
  /** Aborts too when this does (the client went away). */
  signal?: AbortSignal | undefined;
}

/**
 * Runs `source` with a signal that aborts when the budget is spent, the stream stalls, or `budget.signal`
 * aborts, so the work behind it (an LLM call) stops rather than generating for nobody. Each chunk
 * resets the stall timer. The source is expected to end or throw once its signal aborts.
 */
export async function* withinStreamBudget<T>(
  source: (signal: AbortSignal) => AsyncIterable<T>,
  budget: StreamBudget,
  what: string,
): AsyncGenerator<T> {
  const controller = new AbortController();
  const abort = (reason: unknown) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const onOuterAbort = () => abort(budget.signal?.reason);
  if (budget.signal?.aborted) onOuterAbort();
  budget.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const total = setTimeout(() => abort(new TimeBudgetExceeded(what, budget.totalMs)), budget.totalMs);
  let stall: NodeJS.Timeout | undefined;
  const armStall = () => {
    clearTimeout(stall);
    stall = setTimeout(
      () => abort(new TimeBudgetExceeded(`${what} (waiting for the next part)`, budget.stallMs)),
      budget.stallMs,
    );
  };
  try {
    armStall();
    for await (const chunk of source(controller.signal)) {
      armStall();
      yield chunk;
    }
  } finally {
    clearTimeout(total);
    clearTimeout(stall);
    budget.signal?.removeEventListener('abort', onOuterAbort);
    // A consumer that stopped early (the client left) stops the source too.
    abort(new Error(`${what}: nobody is reading any more`));
  }
}
