import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { frameHost, loadSdk } from '../../lib/frame-sdk.ts';
import { strings } from '../../lib/strings.ts';
import { useWalletLoader } from '../wallet/index.ts';
import { type FrameState, initialFrameState } from './frame-state.ts';

const FrameContext = createContext<FrameState>(initialFrameState);

/**
 * SPEC.md §4 start-up: reads the host's context; with a user fid, stores it, marks the user
 * connected and connects the wallet. Without a fid the app is not in a frame. Any failure sets the
 * one error message, and loading always ends. ready() is signalled as soon as the first screen (the
 * loading animation) is on the page, so the host hides its splash without waiting for the network;
 * the wallet stack starts loading right after, while the host answers with the context.
 */
export function FrameProvider({ children }: { children: ReactNode }) {
  const wallet = useWalletLoader();
  const [state, setState] = useState<FrameState>(initialFrameState);

  useEffect(() => {
    let cancelled = false;
    const update = (patch: Partial<FrameState>) => {
      if (!cancelled) setState((previous) => ({ ...previous, ...patch }));
    };
    frameHost.ready().catch((error: unknown) => console.warn('ready() failed', error));
    const stack = wallet.load();
    // A stack that cannot load fails the wallet step below, which reports it.
    stack.catch(() => {});

    (async () => {
      try {
        const context = await frameHost.context();
        const fid = context?.user?.fid ?? null;
        if (fid === null) {
          update({ isFarcasterFrame: false, isLoading: false });
          return;
        }
        update({ fid, isConnected: true, frameContext: context, isLoading: false });
        // A run that was cleaned up meanwhile (StrictMode, unmount) leaves the wallet to the next one.
        if (cancelled) return;
        // The wallet steps, done once; the screens share the connection.
        await (await stack).connect();
      } catch (error) {
        console.error(strings.frameInitError, error);
        update({ error: strings.frameInitError });
      } finally {
        update({ isLoading: false });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [wallet]);

  useHostEventLog();

  return <FrameContext.Provider value={state}>{children}</FrameContext.Provider>;
}

/** The host events of SPEC.md §4, relayed by the SDK; the app only records them for now. */
function useHostEventLog() {
  useEffect(() => {
    const log = (name: string) => (detail?: unknown) => console.info('host event', name, detail ?? '');
    const handlers = {
      primaryButtonClicked: log('primaryButtonClicked'),
      miniAppAdded: log('miniAppAdded'),
      miniAppAddRejected: log('miniAppAddRejected'),
      miniAppRemoved: log('miniAppRemoved'),
      notificationsEnabled: log('notificationsEnabled'),
      notificationsDisabled: log('notificationsDisabled'),
    } as const;
    const names = Object.keys(handlers) as (keyof typeof handlers)[];
    let removed = false;
    let remove = () => {};
    // The SDK's event relay comes with the rest of the SDK, after the first paint.
    loadSdk().then(
      (sdk) => {
        if (removed) return;
        for (const name of names) sdk.on(name, handlers[name]);
        remove = () => {
          for (const name of names) sdk.off(name, handlers[name]);
        };
      },
      (error: unknown) => console.warn('The host events could not be followed', error),
    );
    return () => {
      removed = true;
      remove();
    };
  }, []);
}

export function useFrame(): FrameState {
  return useContext(FrameContext);
}
