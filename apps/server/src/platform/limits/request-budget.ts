import type { MiddlewareHandler } from 'hono';
import { HttpError } from '../http/errors.ts';
import { TimeBudgetExceeded, withinBudget } from './time-budget.ts';

/**
 * A whole request's time budget: a stalled dependency (a locked table, a slow provider) answers 504
 * with a code within it instead of holding the client. Streams and the deploy call have their own.
 */
export function requestBudget(budgetMs: number): MiddlewareHandler {
  return async (_c, next) => {
    try {
      await withinBudget(next(), budgetMs, 'request');
    } catch (error) {
      if (!(error instanceof TimeBudgetExceeded)) throw error;
      throw new HttpError(504, 'timeout', 'This took longer than it should. Please try again in a moment.');
    }
  };
}
