/** The error a call gets when it outlives its time budget. */
export class TimeBudgetExceeded extends Error {
  constructor(
    readonly what: string,
    readonly budgetMs: number,
  ) {
    super(`${what} took longer than ${budgetMs} ms`);
    this.name = 'TimeBudgetExceeded';
  }
}

/**
 * Settles with `work`, or rejects with TimeBudgetExceeded once `budgetMs` has passed. The work itself
 * is not cancelled (pass it an AbortSignal where it takes one); its late result is ignored.
 */
export function withinBudget<T>(work: Promise<T>, budgetMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeBudgetExceeded(what, budgetMs)), budgetMs);
  });
  work.catch(() => {});
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
