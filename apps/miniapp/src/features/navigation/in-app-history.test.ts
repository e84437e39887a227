import { describe, expect, it } from 'vitest';
import { canGoBack, followHistory, type InAppHistory } from './in-app-history.ts';

const TYPES = { PUSH: 'push', POP: 'pop', REPLACE: 'replace' } as const;
const walk = (...steps: [key: string, type: keyof typeof TYPES][]): InAppHistory =>
  steps.reduce<InAppHistory>((history, [key, type]) => followHistory(history, key, TYPES[type]), []);

describe('the in-app history behind the client back control', () => {
  it('starts with the first screen, where there is nothing to go back to', () => {
    expect(canGoBack(walk(['a', 'POP']))).toBe(false);
    expect(walk(['a', 'POP'], ['a', 'POP'])).toEqual(['a']);
  });

  it('a link adds a screen, back (one or several) returns to one seen before, forward adds it again', () => {
    expect(walk(['a', 'POP'], ['b', 'PUSH'], ['c', 'PUSH'])).toEqual(['a', 'b', 'c']);
    expect(walk(['a', 'POP'], ['b', 'PUSH'], ['c', 'PUSH'], ['a', 'POP'])).toEqual(['a']);
    expect(walk(['a', 'POP'], ['b', 'PUSH'], ['a', 'POP'], ['b', 'POP'])).toEqual(['a', 'b']);
  });

  it('a replaced screen takes the place of the current one', () => {
    const history = walk(['a', 'POP'], ['b', 'PUSH'], ['c', 'REPLACE']);
    expect(history).toEqual(['a', 'c']);
    expect(canGoBack(history)).toBe(true);
  });
});
