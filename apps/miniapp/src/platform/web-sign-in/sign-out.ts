import { walletSignInPaths } from '@fartwin/protocol';
import { webSession } from '../../lib/web-session.ts';
import type { WalletStack } from '../wallet/index.ts';
import { setSignInState as setState } from './sign-in-state.ts';

// Sign out needs no viem: it is loaded with the app, so a sign-in chunk that cannot load (a tab
// left open across a deploy) never keeps a session the person asked to end.

/** How long Sign out waits for the server to end the session before it lets it be. */
const SIGN_OUT_BUDGET_MS = 5_000;

/**
 * "Sign out": the session ends on the server (every replica refuses its token from then on), the app
 * forgets it at once, whether or not the server could be reached, and lets go of the wallet.
 */
export async function signOut(loadStack: () => Promise<WalletStack>): Promise<void> {
  const session = webSession.get();
  webSession.clear();
  setState({ error: null, noAccountAddress: null });
  if (session) await endOnServer(session.token);
  try {
    await (await loadStack()).disconnect();
  } catch (error) {
    console.warn('The wallet could not be disconnected', error);
  }
}

/** Ends the session on the server; a failure is only logged, as the token is already forgotten here. */
async function endOnServer(token: string): Promise<void> {
  try {
    const response = await fetch(walletSignInPaths.signOut, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(SIGN_OUT_BUDGET_MS),
    });
    // 401: the session had ended already (expired, or signed out elsewhere).
    if (!response.ok && response.status !== 401) console.warn('The server did not end the session', response.status);
  } catch (error) {
    console.warn('The server could not be reached to end the session', error);
  }
}
