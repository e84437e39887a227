import {
  type AppLocation,
  createEntryKey,
  createListeners,
  FIRST_ENTRY_KEY,
  type KeyedHistory,
  pathnameOf,
} from './keyed-history.ts';

interface Entry {
  path: string;
  key: string;
}

/**
 * The browser history's behaviour in memory, for tests: the same keys ('default' first, a fresh one
 * per push or replace), a push drops the entries ahead, and -1 steps back (a pop), never past the
 * first entry.
 */
export function createMemoryHistory(initialPath = '/'): KeyedHistory {
  const { subscribe, notify } = createListeners();
  const entries: Entry[] = [{ path: initialPath, key: FIRST_ENTRY_KEY }];
  let index = 0;
  const at = (type: AppLocation['type']): AppLocation => {
    const entry = entries[index] as Entry;
    return { pathname: pathnameOf(entry.path), key: entry.key, type };
  };
  let current = at('pop');

  return {
    location: () => current,
    subscribe,
    navigate(to, { replace = false } = {}) {
      if (to === -1) {
        if (index === 0) return;
        index -= 1;
        current = at('pop');
      } else {
        // As in the browser history: a link to where the app already is takes the entry's place.
        const same = entries[index]?.path === to;
        if (replace || same) entries[index] = { path: to, key: createEntryKey() };
        else {
          entries.splice(index + 1, entries.length, { path: to, key: createEntryKey() });
          index += 1;
        }
        current = at(replace || same ? 'replace' : 'push');
      }
      notify();
    },
  };
}
