import { sdk } from '@farcaster/miniapp-sdk';
import { BASE_CHAIN_ID } from '@fartwin/protocol';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useConfig } from 'wagmi';
import { connect } from 'wagmi/actions';
import { strings } from '../../lib/strings.ts';
import { type FrameState, initialFrameState } from './frame-state.ts';

const FrameContext = createContext<FrameState>(initialFrameState);

/**
 * SPEC.md §4 start-up: reads the host's context; with a user fid, stores it, marks the user
 * connected and connects the wallet. Without a fid the app is not in a frame. Any failure sets the
 * one error message, and loading always ends. ready() is signalled as soon as the first screen (the
 * loading animation) is on the page, so the host hides its splash without waiting for the network.
 */
export function FrameProvider({ children }: { children: ReactNode }) {
  const wagmiConfig = useConfig();
  const [state, setState] = useState<FrameState>(initialFrameState);

  useEffect(() => {
    let cancelled = false;
    const update = (patch: Partial<FrameState>) => {
      if (!cancelled) setState((previous) => ({ ...previous, ...patch }));
    };
    sdk.actions.ready().catch((error: unknown) => console.warn('ready() failed', error));

    (async () => {
      try {
        const context = await sdk.context;
        const fid = context?.user?.fid ?? null;
        if (fid === null) {
          update({ isFarcasterFrame: false, isLoading: false });
          return;
        }
        update({ fid, isConnected: true, frameContext: context, isLoading: false });
        // A run that was cleaned up meanwhile (StrictMode, unmount) leaves the wallet to the next one.
        if (cancelled) return;
        if (!(await sdk.wallet.getEthereumProvider())) throw new Error(strings.missingProvider);
        // The Farcaster connector requests the accounts, reads the chain id and asks the wallet to
        // switch when it is not on Base: SPEC.md §4's wallet steps, done once, and wagmi's hooks
        // share the connection.
        await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]!, chainId: BASE_CHAIN_ID });
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
  }, [wagmiConfig]);

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
    for (const [name, handler] of Object.entries(handlers)) sdk.on(name as keyof typeof handlers, handler);
    return () => {
      for (const [name, handler] of Object.entries(handlers)) sdk.off(name as keyof typeof handlers, handler);
    };
  }, []);
}

export function useFrame(): FrameState {
  return useContext(FrameContext);
}
