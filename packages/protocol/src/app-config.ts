import { z } from 'zod';
import { addressSchema } from './entities.ts';

/**
 * What the mini-app needs to know at run time, served by the bot service as `/app-config.js`
 * (so one build runs against the local chain and against Base).
 */
export const appConfigSchema = z.object({
  mode: z.enum(['local', 'production']),
  chainId: z.number().int(),
  rpcUrl: z.string().url(),
  contracts: z
    .object({
      usdc: addressSchema,
      fartwinLife: addressSchema,
      /** Uniswap's QuoterV2: a revival quotes its swap to name its own minimum (absent: the owner's floor). */
      quoter: addressSchema.optional(),
    })
    .nullable(),
  /**
   * Whether the server relays signed batteries (revival with only USDC, battery-relay.ts): then the
   * app offers that revival first. Absent or false: only the wallet payments.
   */
  batteryRelay: z.boolean().optional(),
  /** Origin of the Quick Auth server: the bot service itself in local mode. */
  quickAuthOrigin: z.string().url(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** The global the `/app-config.js` script assigns. */
export const APP_CONFIG_GLOBAL = '__FARTWIN_CONFIG__';

/**
 * Local mode's "plain browser" (issue 14): the dev host opens the mini-app as a top-level tab, and the
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
