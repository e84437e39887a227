import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { Address, WalletStack } from './stack.ts';

/** Loads the wallet stack once per app; `current` is set once it has loaded. */
export interface WalletLoader {
  current: WalletStack | null;
  load(): Promise<WalletStack>;
}

function createWalletLoader(): WalletLoader {
  let loading: Promise<WalletStack> | null = null;
  const loader: WalletLoader = {
    current: null,
    load() {
      loading ??= Promise.all([import('./stack.ts'), import('../../lib/config.ts')]).then(
        async ([{ createWalletStack }, { loadAppConfig }]) => {
          loader.current = createWalletStack(await loadAppConfig());
          return loader.current;
        },
      );
      return loading;
    },
  };
  return loader;
}

const WalletContext = createContext<WalletLoader | null>(null);

/**
 * The wallet and chain stack (wagmi, viem, the wallet connector, the ABIs) is not in the first load:
 * the frame start-up loads it right after ready(), before any wallet step, and the screens use it
 * once it is there.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  const [loader] = useState(createWalletLoader);
  return <WalletContext.Provider value={loader}>{children}</WalletContext.Provider>;
}

export function useWalletLoader(): WalletLoader {
  const loader = useContext(WalletContext);
  if (!loader) throw new Error('useWalletLoader must be used inside WalletProvider');
  return loader;
}

/** The wallet stack once it has loaded; null until then (or when it cannot load). */
export function useWalletStack(): WalletStack | null {
  const loader = useWalletLoader();
  const [stack, setStack] = useState(loader.current);
  useEffect(() => {
    if (stack) return;
    let live = true;
    // A stack that cannot load leaves the wallet steps off; the start-up reports why.
    loader.load().then(
      (loaded) => live && setStack(loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [loader, stack]);
  return stack;
}

const noSubscription = () => () => {};

/** The connected account's address, following the wallet's changes. */
export function useWalletAddress(stack: WalletStack | null): Address | undefined {
  return useSyncExternalStore(stack?.watchAddress ?? noSubscription, () => stack?.address());
}
