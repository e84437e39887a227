import { useCallback, useSyncExternalStore } from 'react';
import { webModeStrings } from '../../lib/strings.ts';
import { type WebSession, webSession } from '../../lib/web-session.ts';
import { useWalletLoader } from '../wallet/index.ts';
import { dismissSignInError, type SignInState, setSignInState, signInState } from './sign-in-state.ts';
import { signOut } from './sign-out.ts';

/**
 * The flow (viem's EIP-4361 message, the API calls) loads when the person asks for it; code that
 * cannot load says so where a failed sign-in does.
 */
const flow = () =>
  import('./sign-in.ts').catch((error: unknown) => {
    console.warn('The sign-in did not load', error);
    setSignInState({ busy: false, error: webModeStrings.serverDown });
    throw error;
  });

/** Said already by `flow`. */
const ignore = () => {};

/** The web session, following sign-in, sign-out, expiry, a 401 and account changes. */
export function useWebSession(): WebSession | null {
  return useSyncExternalStore(webSession.subscribe, webSession.get);
}

/** The sign-in flow's state and its two actions. */
export function useWebSignIn(): SignInState & { signIn: () => void; signOut: () => void; dismiss: () => void } {
  const loader = useWalletLoader();
  const current = useSyncExternalStore(signInState.subscribe, signInState.get);
  const load = useCallback(() => loader.load(), [loader]);
  return {
    ...current,
    signIn: useCallback(() => void flow().then(({ signInWithWallet }) => signInWithWallet(load), ignore), [load]),
    signOut: useCallback(() => void signOut(load), [load]),
    dismiss: dismissSignInError,
  };
}
