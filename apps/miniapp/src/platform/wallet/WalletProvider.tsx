import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { HostMode } from '../../lib/host-mode.ts';
import { loadAppConfigLazily } from '../../lib/lazy-config.ts';
import type { Address, WalletStack } from './stack.ts';

/** Loads the wallet stack once per app; `current` is set once it has loaded. */
export interface WalletLoader {
  current: WalletStack | null;
  /** Starts loading the stack's code at once; the stack itself is made once the mode is set. */
  load(): Promise<WalletStack>;
  /** The start-up's decision: inside a Farcaster client, or web mode (the browser's wallets). */
  setMode(mode: HostMode): void;
}

function createWalletLoader(): WalletLoader {
  let loading: Promise<WalletStack> | null = null;
  let setMode: (mode: HostMode) => void = () => {};
  const mode = new Promise<HostMode>((resolve) => {
    setMode = resolve;
  });
  const loader: WalletLoader = {
    current: null,
    setMode: (decided) => setMode(decided),
    load() {
      loading ??= Promise.all([import('./stack.ts'), loadAppConfigLazily(), mode]).then(
        async ([{ createWalletStack }, appConfig, decided]) => {
          // Local web mode opened from the dev host: its wallet announces itself before discovery.
          if (decided === 'web' && appConfig.mode === 'local' && window.opener) {
            // Without it the browser's own wallets still work.
            await import('./dev-wallet-bridge.ts')
              .then(({ connectDevWalletBridge }) => connectDevWalletBridge())
              .catch((error: unknown) => console.warn('The dev wallet bridge did not load', error));
          }
          loader.current = createWalletStack(appConfig, decided);
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
 * a client's start-up loads it to connect the frame's wallet; in web mode it loads when a screen
 * first needs a wallet (sign-in, a dead battery, a payment).
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

/**
 * The wallet stack once it has loaded; null until then (or when it cannot load). A screen that does
 * not need a wallet yet passes `needed: false`: it gets the stack if something else loaded it, and
 * loads nothing itself (the directory, the leaderboard and a visitor's twin page stay without it).
 */
export function useWalletStack(needed = true): WalletStack | null {
  const loader = useWalletLoader();
  const [stack, setStack] = useState(loader.current);
  useEffect(() => {
    if (stack || !needed) return;
    let live = true;
    // A stack that cannot load leaves the wallet steps off; the start-up reports why.
    loader.load().then(
      (loaded) => live && setStack(loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [loader, stack, needed]);
  return stack ?? loader.current;
}

const noSubscription = () => () => {};

/** The connected account's address, following the wallet's changes. */
export function useWalletAddress(stack: WalletStack | null): Address | undefined {
  return useSyncExternalStore(stack?.watchAddress ?? noSubscription, () => stack?.address());
}
