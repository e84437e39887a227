import type { NavigationType } from '../../lib/router/index.ts';

/**
 * The screens the person went through inside the app, as the keyed history reports them (key and how
 * it got there), so "back" is offered only where there is an in-app screen to go back to. It works the
 * same with the browser history and with tests' memory history.
 */
export type InAppHistory = readonly string[];

export function followHistory(history: InAppHistory, key: string, type: NavigationType): InAppHistory {
  if (history.length === 0) return [key];
  if (history.at(-1) === key) return history;
  if (type === 'replace') return [...history.slice(0, -1), key];
  if (type === 'pop') {
    // Back (or several) to a screen seen before; a forward step comes back as a new one.
    const index = history.lastIndexOf(key);
    if (index >= 0) return history.slice(0, index + 1);
  }
  return [...history, key];
}

export const canGoBack = (history: InAppHistory): boolean => history.length > 1;
