// Without zod: the app reads its config and talks to the dev wallet without the schemas (app-config.ts).

/** The global the `/app-config.js` script assigns. */
export const APP_CONFIG_GLOBAL = '__FARTWIN_CONFIG__';

/**
 * Local mode's "plain browser": the dev host opens the mini-app as a top-level tab, and the
 * app, in web mode, asks the tab that opened it for a wallet. These are the window messages between
 * the two (window.opener ↔ the app's window); production never sends or answers them.
 */
export const devWalletBridgeMessages = {
  /** app → opener (any origin): is there a dev wallet? */
  hello: 'fartwin-dev-wallet:hello',
  /** opener → app: yes, announced over EIP-6963 with `info`. */
  welcome: 'fartwin-dev-wallet:welcome',
  /** app → opener: an EIP-1193 request `{ id, method, params }`. */
  request: 'fartwin-dev-wallet:request',
  /** opener → app: `{ id, result }` or `{ id, error: { code, message, data } }`. */
  response: 'fartwin-dev-wallet:response',
  /** opener → app: an EIP-1193 event `{ event, data }` (accountsChanged, chainChanged). */
  event: 'fartwin-dev-wallet:event',
} as const;

/** How the dev host's wallet introduces itself in a plain browser tab (EIP-6963 provider info). */
export interface DevWalletInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}
