import { useSyncExternalStore } from 'react';

/**
 * A value a person changes in a panel while the host reads it on each call (the wallet's EIP-5792
 * mode, the capabilities it reports): get/set outside React, subscribe for useSyncExternalStore.
 */
export function createLiveSetting<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: (): T => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type LiveSetting<T> = ReturnType<typeof createLiveSetting<T>>;

/** A live setting's value in a component, re-rendered when it changes. */
export function useLiveSetting<T>(setting: LiveSetting<T>): T {
  return useSyncExternalStore(setting.subscribe, setting.get);
}
