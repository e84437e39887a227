import type { ReactNode } from 'react';
import { NavBar } from '../features/navigation/index.ts';
import { SafeArea } from '../platform/frame/index.ts';
import { useWebSignInSlot } from '../platform/web-sign-in/index.ts';

/** A screen (the page's one `<main>`) inside the host's safe-area insets, with the navigation bar under it. */
export function AppFrame({ children }: { children: ReactNode }) {
  // Web mode's "Sign in" / "Sign out" (outside Farcaster clients); nothing inside one.
  const account = useWebSignInSlot();
  return (
    <SafeArea>
      <main className="app-screen">{children}</main>
      <NavBar>{account}</NavBar>
    </SafeArea>
  );
}
