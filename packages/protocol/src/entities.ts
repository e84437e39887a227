import { z } from 'zod';

/** An EVM address as the chain and wallets write it. */
export const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
  .transform((value) => value as `0x${string}`);

export const fidSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** An agent as the list endpoints return it (SPEC.md §3). */
export const agentSchema = z.object({
  agentId: z.string().min(1),
  name: z.string(),
  status: z.string(),
  farcasterClient: z.object({
    fid: z.number().int(),
    username: z.string(),
    display_name: z.string(),
    pfp_url: z.string().nullable(),
  }),
  agentWallet: z.object({ walletAddress: addressSchema }),
  token: z.object({ address: addressSchema, symbol: z.string() }),
  /**
   * expirationTime: unix seconds, from the server's index of the life contract; 0 when never fed.
   * null when the server does not know it (the twin is not indexed yet, or the index may be missing
   * a revival because the chain could not be read): unknown is never dead. Clients that need
   * certainty read the contract themselves.
   */
  life: z.object({ expirationTime: z.number().int().nonnegative().nullable() }),
});
export type Agent = z.infer<typeof agentSchema>;

/** One personality question with its two polar options. */
export const characteristicSchema = z.object({
  name: z.string(),
  description: z.string(),
  options: z.array(z.object({ value: z.string(), description: z.string().optional() })).min(2),
});
export type Characteristic = z.infer<typeof characteristicSchema>;

export const chatSenderSchema = z.enum(['user', 'agent', 'ajax']);
export type ChatSender = z.infer<typeof chatSenderSchema>;

export const chatActionSchema = z.enum(['allow-usdc-spending', 'buy-battery']);
export type ChatAction = z.infer<typeof chatActionSchema>;

/** A chat message as the mini-app shows it. */
export const chatMessageSchema = z.object({
  text: z.string(),
  sender: chatSenderSchema,
  isStreaming: z.boolean().optional(),
  action: chatActionSchema.optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Which engine wrote a twin's reply, so the UI can label offline mode honestly. */
export const chatEngineSchema = z.enum(['echo', 'llm', 'none']);
export type ChatEngine = z.infer<typeof chatEngineSchema>;
