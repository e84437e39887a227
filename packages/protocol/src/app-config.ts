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
  contracts: z.object({ usdc: addressSchema, fartwinLife: addressSchema }).nullable(),
  /** Origin of the Quick Auth server: the bot service itself in local mode. */
  quickAuthOrigin: z.string().url(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** The global the `/app-config.js` script assigns. */
export const APP_CONFIG_GLOBAL = '__FARTWIN_CONFIG__';
