import type { Context } from '@farcaster/miniapp-sdk';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { frameHost, loadSdk } from '../../lib/frame-sdk.ts';
import { strings } from '../../lib/strings.ts';
import { useWalletLoader } from '../wallet/index.ts';
import { type FrameState, initialFrameState } from './frame-state.ts';
import { contextWithin, type HostMode, hostMode } from './host-mode.ts';

const FrameContext = createContext<FrameState>(initialFrameState);
const HostModeContext = createContext<HostMode | null>(null);

/**
 * SPEC.md §4 start-up: reads the host's context; with a user fid, stores it, marks the user
 * connected and connects the wallet. Without a fid the app is not in a frame. Any failure sets the
 * one error message, and loading always ends. ready() is signalled as soon as the first screen (the
 * loading animation) is on the page, so the host hides its splash without waiting for the network;
 * the wallet stack starts loading right after, while the host answers with the context.
 *
 * A host that answers with no user, or does not answer within HOST_CONTEXT_WAIT_MS, means the app is
 * not inside a Farcaster client: web mode. There the user is whoever signed in with a wallet (the
 * web session), and the wallet is the browser's, connected when first needed.
 */
export function FrameProvider({ children }: { children: ReactNode }) {
  const wallet = useWalletLoader();
  const [state, setState] = useState<FrameState>(initialFrameState);
  const [mode, setMode] = useState<HostMode | null>(null);

  useEffect(() => {
    let cancelled = false;
    const update = (patch: Partial<FrameState>) => {
      if (!cancelled) setState((previous) => ({ ...previous, ...patch }));
    };
    frameHost.ready().catch((error: unknown) => console.warn('ready() failed', error));
    const stack = wallet.load();
    // A stack that cannot load fails the wallet step below, which reports it.
    stack.catch(() => {});

    const decide = (decided: HostMode) => {
      if (cancelled) return;
      hostMode.set(decided);
      wallet.setMode(decided);
      setMode(decided);
    };

    (async () => {
      try {
        const context = await contextWithin(frameHost.context());
        const fid = context?.user?.fid ?? null;
        if (fid === null) {
          update({ isFarcasterFrame: false, isLoading: false });
          decide('web');
          return;
        }
        decide('frame');
        update({ fid, isConnected: true, frameContext: context, isLoading: false });
        // A run that was cleaned up meanwhile (StrictMode, unmount) leaves the wallet to the next one.
        if (cancelled) return;
        // The wallet steps, done once; the screens share the connection.
        await (await stack).connect();
      } catch (error) {
        console.error(strings.frameInitError, error);
        // A host that answered with a failure is still a host.
        decide('frame');
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
  const web = useWebSessionFid(mode === 'web');
  // Web mode: the signed-in wallet's Farcaster account is the user (loading until it is read).
  const value = useMemo<FrameState>(
    () =>
      mode === 'web'
        ? { ...state, isLoading: state.isLoading || !web, fid: web?.fid ?? null, isConnected: Boolean(web?.fid) }
        : state,
    [mode, state, web],
  );

  return (
    <HostModeContext.Provider value={mode}>
      <FrameContext.Provider value={value}>{children}</FrameContext.Provider>
    </HostModeContext.Provider>
  );
}

/**
 * Web mode's signed-in fid, following sign-in, sign-out and the session's end; null until read. The
 * session module loads only in web mode: inside a client it is not part of the start-up.
 */
function useWebSessionFid(active: boolean): { fid: number | null } | null {
  const [identity, setIdentity] = useState<{ fid: number | null } | null>(null);
  useEffect(() => {
    if (!active) return;
    let live = true;
    let stop = () => {};
    import('../web-sign-in/session.ts').then(
      ({ webSession }) => {
        if (!live) return;
        const read = () => setIdentity({ fid: webSession.get()?.fid ?? null });
        read();
        stop = webSession.subscribe(read);
      },
      () => live && setIdentity({ fid: null }),
    );
    return () => {
      live = false;
      stop();
    };
  }, [active]);
  return identity;
}

/** 'frame' inside a Farcaster client, 'web' outside one; null while the start-up decides. */
export function useHostMode(): HostMode | null {
  return useContext(HostModeContext);
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

/**
 * Where the client opened the app from (the context's location): its apps list, a notification, a
 * cast shared to the app…; null outside a client or before the context is read.
 */
export function useLaunchLocation(): Context.LocationContext | null {
  return useContext(FrameContext).frameContext?.location ?? null;
}
