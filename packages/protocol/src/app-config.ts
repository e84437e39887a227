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

export { APP_CONFIG_GLOBAL, type DevWalletInfo, devWalletBridgeMessages } from './app-config-script.ts';
