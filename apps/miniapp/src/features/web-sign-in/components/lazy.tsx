import { lazy, type ReactNode, Suspense } from 'react';
import { useHostMode } from '../../frame/FrameProvider.tsx';

// Web mode's screens load on demand: inside a Farcaster client they never load.
const SignInControl = lazy(() => import('./SignInControl.tsx'));
const WebHomeScreen = lazy(() => import('./WebHome.tsx'));

/** The navigation bar's slot: "Sign in" / "Sign out" in web mode, nothing inside a client. */
export function useWebSignInSlot(): ReactNode {
  const mode = useHostMode();
  if (mode !== 'web') return null;
  return (
    <Suspense fallback={null}>
      <SignInControl />
    </Suspense>
  );
}

/** The main screen in web mode when nobody is signed in. */
export function WebHome({ fallback }: { fallback: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <WebHomeScreen />
    </Suspense>
  );
}
