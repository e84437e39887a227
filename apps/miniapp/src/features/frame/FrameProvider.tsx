import { sdk } from '@farcaster/miniapp-sdk';
import { BASE_CHAIN_ID, BASE_CHAIN_ID_HEX } from '@fartwin/protocol';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useConfig } from 'wagmi';
import { connect } from 'wagmi/actions';
import { strings } from '../../lib/strings.ts';
import { type FrameState, initialFrameState } from './frame-state.ts';

const FrameContext = createContext<FrameState>(initialFrameState);

/**
 * SPEC.md §4 start-up: reads the host's context; with a user fid, stores it, marks the user
 * connected, requests the wallet's accounts, reads the chain id and asks to switch to Base when it
 * differs. Without a fid the app is not in a frame. Any failure sets the one error message, and
 * loading always ends. ready() is signalled as soon as the first screen (the loading animation) is
 * on the page, so the host hides its splash without waiting for the network.
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
        await connectWallet();
        // Lets wagmi's hooks use the same wallet (its connector talks to the same SDK provider).
        if (!cancelled) await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! });
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

/** Accounts, chain id, and a switch to Base when the wallet is elsewhere. */
async function connectWallet() {
  const provider = await sdk.wallet.getEthereumProvider();
  if (!provider) throw new Error(strings.missingProvider);
  await provider.request({ method: 'eth_requestAccounts' });
  const chainId = await provider.request({ method: 'eth_chainId' });
  if (Number(chainId) !== BASE_CHAIN_ID) {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: BASE_CHAIN_ID_HEX }] });
  }
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
