import { hostMode } from '../../lib/host-mode.ts';

/**
 * The Base App's in-app browser names itself in its user agent (the Base App, formerly Coinbase
 * Wallet's app).
 */
const BASE_APP_USER_AGENT = /\b(?:BaseApp|Base App|CoinbaseWallet)\b/i;

interface InjectedProvider {
  /** Set by the provider Coinbase injects: the user's Base Account. */
  isCoinbaseWallet?: unknown;
}

/**
 * Whether the app runs in the Base App: a web page there (the Base App treats every app as a
 * standard web app and answers none of the Farcaster SDK's actions), told by its user agent or by
 * the Base Account provider it injects. Then profiles and tokens open Base's own pages.
 */
export function inBaseApp(win: Window = window): boolean {
  if (hostMode.current() !== 'web') return false;
  if (BASE_APP_USER_AGENT.test(win.navigator.userAgent)) return true;
  const provider = (win as { ethereum?: InjectedProvider }).ethereum;
  return provider?.isCoinbaseWallet === true;
}
