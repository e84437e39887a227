/**
 * The twin's economy as its owner and its page see it (issue 26 parts 4 and 5): the twin's last
 * revivers, public; the twin's wallet and withdrawals, its owner's only.
 */
import { z } from 'zod';
import { addressSchema } from './entities.ts';

export const twinEconomyPaths = {
  /** GET, public: who revived the twin lately, newest first. */
  revivers: (agentId: string) => `/doppelganger/revivers/${encodeURIComponent(agentId)}`,
} as const;

/** Revivers a twin's page lists at most. */
export const REVIVERS_LISTED = 10;

export const reviverSchema = z.object({
  /** The payer's Farcaster account; null for an address without one (or not looked up yet). */
  fid: z.number().int().positive().nullable(),
  username: z.string().nullable(),
  address: addressSchema,
  /** Unix seconds (chain time locally) when the payment was indexed. */
  revivedAt: z.number().int(),
  txHash: z.string().regex(/^0x[0-9a-f]{64}$/),
});
export type Reviver = z.infer<typeof reviverSchema>;

export const reviversResponseSchema = z.object({
  agentId: z.string(),
  revivers: z.array(reviverSchema).max(REVIVERS_LISTED),
});
export type ReviversResponse = z.infer<typeof reviversResponseSchema>;

/** An address as people read it: 0x1234…abcd. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
