import type { Context } from '@farcaster/miniapp-sdk';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { frameHost, loadSdk } from '../../lib/frame-sdk.ts';
import { contextWithin, type HostMode, hostMode, mayBeInClient } from '../../lib/host-mode.ts';
import { strings } from '../../lib/strings.ts';
import { webSession } from '../../lib/web-session.ts';
import { useWalletLoader } from '../wallet/index.ts';
import { type FrameState, initialFrameState } from './frame-state.ts';

const FrameContext = createContext<FrameState>(initialFrameState);
const HostModeContext = createContext<HostMode | null>(null);

/**
 * Start-up: reads the host's context; with a user fid, stores it, marks the user
 * connected and connects the wallet. Without a fid the app is not in a frame. Any failure sets the
 * one error message, and loading always ends. ready() is signalled as soon as the first screen (the
 * loading animation) is on the page, so the host hides its splash without waiting for the network;
 * the wallet stack loads once the host's context has a user.
 *
 * A top-level page (neither framed nor in a React Native WebView) is web mode at once. A host that
 * answers with no user, or does not answer within HOST_CONTEXT_WAIT_MS, means the app is not inside
 * a Farcaster client either: web mode. There the user is whoever signed in with a wallet (the
 * web session), and the wallet is the browser's, connected when first needed.
 */
export function FrameProvider({ children }: { children: ReactNode }) {
  const wallet = useWalletLoader();
  // A top-level page is web mode from its first render: nothing on it moves once that is known.
  // While a prerendered shell is taken over, the first render is the shell's (where the page runs
  // not known yet), and the next one follows at once. The effects read the page itself.
  const topLevel = useSyncExternalStore(noChange, isTopLevel, notKnownYet);
  const [startUp, setState] = useState<FrameState>(initialFrameState);
  const [decided, setMode] = useState<HostMode | null>(null);
  const mode = topLevel ? 'web' : decided;

  useEffect(() => {
    let cancelled = false;
    const update = (patch: Partial<FrameState>) => {
      if (!cancelled) setState((previous) => ({ ...previous, ...patch }));
    };
    const decide = (decided: HostMode) => {
      if (cancelled) return;
      hostMode.set(decided);
      wallet.setMode(decided);
      setMode(decided);
    };
    const stop = () => {
      cancelled = true;
    };

    // A top-level page has no client to ask: web mode at once, with nothing loaded for it.
    if (!mayBeInClient()) {
      decide('web');
      return stop;
    }

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
        // The wallet steps, done once; the screens share the connection. Only a client's start-up
        // connects the wallet, so only there does the wallet stack load without a screen asking.
        await (await wallet.load()).connect();
      } catch (error) {
        console.error(strings.frameInitError, error);
        // A host that answered with a failure is still a host.
        decide('frame');
        update({ error: strings.frameInitError });
      } finally {
        update({ isLoading: false });
      }
    })();
    return stop;
  }, [wallet]);

  // ready() as soon as the first screen is in the document: a layout effect runs right after that
  // commit, where a passive one may wait for the next frame, which a busy phone delays.
  // Once per page, also when StrictMode runs the effect again (development builds).
  const readySent = useRef(false);
  useLayoutEffect(() => {
    if (readySent.current || !mayBeInClient()) return;
    readySent.current = true;
    frameHost.ready().catch((error: unknown) => console.warn('ready() failed', error));
  }, []);

  useHostEventLog(mode === 'frame');
  const web = useWebSessionFid(mode === 'web');
  // Web mode: the signed-in wallet's Farcaster account is the user (loading until it is read).
  const value = useMemo<FrameState>(() => {
    const state = topLevel ? { ...startUp, isFarcasterFrame: false, isLoading: false } : startUp;
    return mode === 'web'
      ? { ...state, isLoading: state.isLoading || !web, fid: web?.fid ?? null, isConnected: Boolean(web?.fid) }
      : state;
  }, [mode, startUp, topLevel, web]);

  return (
    <HostModeContext.Provider value={mode}>
      <FrameContext.Provider value={value}>{children}</FrameContext.Provider>
    </HostModeContext.Provider>
  );
}

/** Where the page runs does not change while it lives. */
const noChange = () => () => {};
const isTopLevel = () => !mayBeInClient();
/** A prerendered shell is made where no page runs: as a page whose start-up is still to come. */
const notKnownYet = () => false;

/** Web mode's signed-in fid, following sign-in, sign-out and the session's end (localStorage, read at once). */
function useWebSessionFid(active: boolean): { fid: number | null } | null {
  const session = useSyncExternalStore(webSession.subscribe, webSession.get, noSession);
  return useMemo(() => (active ? { fid: session?.fid ?? null } : null), [active, session]);
}

/** A prerendered shell is nobody's: the stored session is read once the page is taken over. */
const noSession = () => null;

/** 'frame' inside a Farcaster client, 'web' outside one; null while the start-up decides. */
export function useHostMode(): HostMode | null {
  return useContext(HostModeContext);
}

/**
 * The host's events relayed by the SDK (app added or removed, notifications, primary button): only recorded. Only a
 * client sends them: web mode never loads the SDK for them.
 */
function useHostEventLog(inClient: boolean) {
  useEffect(() => {
    if (!inClient) return;
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
  }, [inClient]);
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
