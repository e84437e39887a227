import { z } from 'zod/mini';

/** An EVM address as the chain and wallets write it. */
export const addressSchema = z.pipe(
  z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')),
  z.transform((value: string) => value as `0x${string}`),
);

export const fidSchema = z.coerce.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));

/** An agent as the list endpoints return it. */
export const agentSchema = z.object({
  agentId: z.string().check(z.minLength(1)),
  name: z.string(),
  status: z.string(),
  farcasterClient: z.object({
    fid: z.int(),
    username: z.string(),
    display_name: z.string(),
    pfp_url: z.nullable(z.string()),
  }),
  agentWallet: z.object({ walletAddress: addressSchema }),
  token: z.object({ address: addressSchema, symbol: z.string() }),
  /**
   * expirationTime: unix seconds, from the server's index of the life contract; 0 when never fed.
   * null when the server does not know it (the twin is not indexed yet, or the index may be missing
   * a revival because the chain could not be read): unknown is never dead. Clients that need
   * certainty read the contract themselves.
   */
  life: z.object({ expirationTime: z.nullable(z.int().check(z.nonnegative())) }),
});
export type Agent = z.infer<typeof agentSchema>;

/** One personality question with its two polar options. */
export const characteristicSchema = z.object({
  name: z.string(),
  description: z.string(),
  options: z.array(z.object({ value: z.string(), description: z.optional(z.string()) })).check(z.minLength(2)),
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
  isStreaming: z.optional(z.boolean()),
  action: z.optional(chatActionSchema),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Which engine wrote a twin's reply, so the UI can label offline mode honestly. */
export const chatEngineSchema = z.enum(['echo', 'llm', 'none']);
export type ChatEngine = z.infer<typeof chatEngineSchema>;
