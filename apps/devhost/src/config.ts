import { addressSchema } from '@fartwin/protocol';
import { z } from 'zod';

const devhostConfigSchema = z.object({
  miniappUrl: z.string().url(),
  apiUrl: z.string().url(),
  rpcUrl: z.string().url(),
  usdc: z.nullable(addressSchema),
  /** The local Uniswap V3 the swap sheet trades on (absent before the chain is bootstrapped). */
  swap: z.object({ weth9: addressSchema, quoter: addressSchema, swapRouter: addressSchema }).nullable().default(null),
});
export type DevhostConfig = z.infer<typeof devhostConfigSchema>;

export const DEVHOST_CONFIG_GLOBAL = '__DEVHOST_CONFIG__';

export function readDevhostConfig(): DevhostConfig {
  return devhostConfigSchema.parse((globalThis as Record<string, unknown>)[DEVHOST_CONFIG_GLOBAL]);
}
