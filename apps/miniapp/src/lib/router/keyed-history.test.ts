import { Window as HappyWindow } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { createBrowserHistory } from './browser-history.ts';
import type { KeyedHistory } from './keyed-history.ts';
import { createMemoryHistory } from './memory-history.ts';

/** A browser window of its own (happy-dom's History: entries, history.state, popstate on Back/Forward). */
const browserAt = (path: string) => new HappyWindow({ url: `https://app.test${path}` }) as unknown as Window;

/** Counts the history's change notices, so a test sees that each change was told. */
function watched(history: KeyedHistory) {
  const seen = { notices: 0 };
  history.subscribe(() => {
    seen.notices += 1;
  });
  return seen;
}

describe.each([
  ['browser', (path: string) => createBrowserHistory(browserAt(path))],
  ['memory (tests)', createMemoryHistory],
])('the %s history with keys', (_, historyAt) => {
  it('the first entry is "default"; each push gets a fresh key; back (-1) restores the key, as pop', () => {
    const history = historyAt('/agents');
    const seen = watched(history);
    expect(history.location()).toEqual({ pathname: '/agents', key: 'default', type: 'pop' });

    history.navigate('/agent/agent-1?from=cast');
    const pushed = history.location();
    expect(pushed).toMatchObject({ pathname: '/agent/agent-1', type: 'push' });
    expect(pushed.key).not.toBe('default');
    history.navigate('/leaderboard');
    expect(history.location().key).not.toBe(pushed.key);

    history.navigate(-1);
    expect(history.location()).toEqual({ ...pushed, type: 'pop' });
    history.navigate(-1);
    expect(history.location()).toEqual({ pathname: '/agents', key: 'default', type: 'pop' });
    expect(seen.notices).toBe(4);
  });

  it("a replace, or a link to where the app already is, gets a fresh key in the entry's place", () => {
    const history = historyAt('/');
    history.navigate('/agents');
    history.navigate('/info', { replace: true });
    const replaced = history.location();
    expect(replaced).toMatchObject({ pathname: '/info', type: 'replace' });
    history.navigate('/info');
    expect(history.location()).toMatchObject({ pathname: '/info', type: 'replace' });
    expect(history.location().key).not.toBe(replaced.key);
    // Both took the place of /agents: one step back is the first screen.
    history.navigate(-1);
    expect(history.location()).toEqual({ pathname: '/', key: 'default', type: 'pop' });
  });
});

describe('the browser history: keys live in history.state', () => {
  it('Forward (popstate) restores the key a push stored in history.state', () => {
    const win = browserAt('/agents');
    const history = createBrowserHistory(win);
    history.navigate('/agent/agent-1');
    const pushed = history.location().key;
    expect(win.history.state).toEqual({ key: pushed });
    expect(win.location.pathname).toBe('/agent/agent-1');

    history.navigate(-1);
    win.history.forward();
    expect(history.location()).toEqual({ pathname: '/agent/agent-1', key: pushed, type: 'pop' });
  });

  it("a reload keeps the entry's key: only the first entry is 'default'", () => {
    const win = browserAt('/');
    createBrowserHistory(win).navigate('/leaderboard');
    const { key } = win.history.state as { key: string };
    expect(createBrowserHistory(win).location()).toEqual({ pathname: '/leaderboard', key, type: 'pop' });
  });
});

describe('the memory history', () => {
  it('never goes back past the first entry (nothing changes, nothing is told)', () => {
    const history = createMemoryHistory('/');
    const seen = watched(history);
    history.navigate(-1);
    expect(history.location()).toEqual({ pathname: '/', key: 'default', type: 'pop' });
    expect(seen.notices).toBe(0);
  });
});
