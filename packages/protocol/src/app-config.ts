import { z } from 'zod/mini';
import { addressSchema } from './entities.ts';

/**
 * What the mini-app needs to know at run time, served by the bot service as `/app-config.js`
 * (so one build runs against the local chain and against Base).
 */
export const appConfigSchema = z.object({
  mode: z.enum(['local', 'production']),
  chainId: z.int(),
  rpcUrl: z.url(),
  contracts: z.nullable(
    z.object({
      usdc: addressSchema,
      fartwinLife: addressSchema,
      /** Uniswap's QuoterV2: a revival quotes its swap to name its own minimum (absent: the owner's floor). */
      quoter: z.optional(addressSchema),
    }),
  ),
  /**
   * Whether the server relays signed batteries (revival with only USDC, battery-relay.ts): then the
   * app offers that revival first. Absent or false: only the wallet payments.
   */
  batteryRelay: z.optional(z.boolean()),
  /**
   * The app's builder code as an ERC-8021 data suffix: appended to every transaction the app asks a
   * wallet to send (Base's attribution). Absent: none.
   */
  dataSuffix: z.optional(z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2}){1,255}$/))),
  /** Origin of the Quick Auth server: the bot service itself in local mode. */
  quickAuthOrigin: z.url(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export { APP_CONFIG_GLOBAL, type DevWalletInfo, devWalletBridgeMessages } from './app-config-script.ts';
