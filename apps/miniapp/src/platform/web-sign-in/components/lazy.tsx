import { lazy, type ReactNode, Suspense } from 'react';
import { useHostMode } from '../../frame/FrameProvider.tsx';
import { SignInControl } from './SignInControl.tsx';

// The web home loads on demand: inside a Farcaster client it never loads. The bar's "Sign in" is
// small and comes with the first load, so the bar is laid out once.
const WebHomeScreen = lazy(() => import('./WebHome.tsx'));

/** The navigation bar's slot: "Sign in" / "Sign out" in web mode, nothing inside a client. */
export function useWebSignInSlot(): ReactNode {
  const mode = useHostMode();
  if (mode !== 'web') return null;
  return <SignInControl />;
}

/** The main screen in web mode when nobody is signed in. */
export function WebHome({ fallback }: { fallback: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <WebHomeScreen />
    </Suspense>
  );
}
