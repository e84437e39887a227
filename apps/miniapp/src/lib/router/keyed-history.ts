/**
 * How the app's location last changed: a link or a navigation (push), a navigation that takes the
 * current entry's place (replace), or the browser's Back/Forward (pop, also the first load).
 */
export type NavigationType = 'push' | 'replace' | 'pop';

/** Where the app is: the path, its history entry's key ('default' on the first entry) and how it got there. */
export interface AppLocation {
  readonly pathname: string;
  readonly key: string;
  readonly type: NavigationType;
}

/** A path to go to, or -1: one entry back. */
export type NavigationTarget = string | -1;

export interface NavigateOptions {
  replace?: boolean;
}

/**
 * A history whose entries carry keys, so the app can tell one visit of a screen from another (the
 * in-app history behind the client's back control) and the first entry from the rest.
 */
export interface KeyedHistory {
  /** The current location: the same object until the location changes. */
  location(): AppLocation;
  subscribe(listener: () => void): () => void;
  navigate(to: NavigationTarget, options?: NavigateOptions): void;
}

/** The key of the history's first entry: the app was opened at this screen (a link in a cast). */
export const FIRST_ENTRY_KEY = 'default';

export const createEntryKey = (): string => Math.random().toString(36).slice(2, 10);

/** The path part of a URL path with a query or fragment. */
export const pathnameOf = (path: string): string => path.split(/[?#]/, 1)[0] || '/';

/** The listeners of one history, told once per change. */
export function createListeners() {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify: () => {
      for (const listener of [...listeners]) listener();
    },
  };
}
