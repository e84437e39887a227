import { useCallback, useSyncExternalStore } from 'react';
import { useWalletLoader } from '../wallet/index.ts';
import { type WebSession, webSession } from './session.ts';
import { dismissSignInError, type SignInState, signInState, signInWithWallet, signOut } from './sign-in.ts';

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
    signIn: useCallback(() => void signInWithWallet(load), [load]),
    signOut: useCallback(() => void signOut(load), [load]),
    dismiss: dismissSignInError,
  };
}
