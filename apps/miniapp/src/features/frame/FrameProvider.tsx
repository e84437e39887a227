import { sdk } from '@farcaster/miniapp-sdk';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { FRAME_INIT_ERROR, type FrameState, initialFrameState } from './frame-state.ts';

const FrameContext = createContext<FrameState>(initialFrameState);

/** Reads the host's context once and signals ready as soon as the first screen is on the page. */
export function FrameProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<FrameState>(initialFrameState);

  useEffect(() => {
    let cancelled = false;
    // The loading screen is already rendered: let the host hide its splash now.
    sdk.actions.ready().catch(() => {});
    (async () => {
      try {
        const context = await sdk.context;
        const fid = context?.user?.fid ?? null;
        if (cancelled) return;
        setState((previous) =>
          fid === null
            ? { ...previous, isFarcasterFrame: false }
            : { ...previous, fid, isConnected: true, frameContext: context },
        );
      } catch {
        if (!cancelled) setState((previous) => ({ ...previous, error: FRAME_INIT_ERROR }));
      } finally {
        if (!cancelled) setState((previous) => ({ ...previous, isLoading: false }));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  return <FrameContext.Provider value={state}>{children}</FrameContext.Provider>;
}

export function useFrame(): FrameState {
  return useContext(FrameContext);
}
