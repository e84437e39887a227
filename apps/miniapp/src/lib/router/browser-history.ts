import {
  type AppLocation,
  createEntryKey,
  createListeners,
  FIRST_ENTRY_KEY,
  type KeyedHistory,
  type NavigationType,
} from './keyed-history.ts';

/** What the app keeps in `history.state`: its entry's key, so Back/Forward and a reload restore it. */
const keyIn = (state: unknown): string | undefined => {
  const key = (state as { key?: unknown } | null)?.key;
  return typeof key === 'string' ? key : undefined;
};

/**
 * The browser's history with a key per entry: the first entry (no key in its state) is 'default',
 * every push or replace stores a fresh key in `history.state`, and popstate (Back/Forward) reads it
 * back. One per page: it listens to popstate for as long as the page lives.
 */
export function createBrowserHistory(win: Window = window): KeyedHistory {
  const { subscribe, notify } = createListeners();
  const read = (type: NavigationType): AppLocation => ({
    pathname: win.location.pathname,
    key: keyIn(win.history.state) ?? FIRST_ENTRY_KEY,
    type,
  });
  let current = read('pop');

  win.addEventListener('popstate', () => {
    current = read('pop');
    notify();
  });

  return {
    location: () => current,
    subscribe,
    navigate(to, { replace = false } = {}) {
      if (to === -1) {
        // The browser answers with popstate.
        win.history.back();
        return;
      }
      // A link to where the app already is takes the entry's place: one screen, one step back.
      const url = new URL(to, win.location.href);
      const same = url.href === win.location.href;
      const type = replace || same ? 'replace' : 'push';
      win.history[type === 'replace' ? 'replaceState' : 'pushState']({ key: createEntryKey() }, '', url.href);
      current = read(type);
      notify();
    },
  };
}
