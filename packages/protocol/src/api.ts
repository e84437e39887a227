import { z } from 'zod/mini';
import { CHAT_MESSAGE_MAX_CHARS } from './constants.ts';
import { agentSchema, characteristicSchema, chatEngineSchema, fidSchema } from './entities.ts';
import { agentIdSchema, storableText } from './input-text.ts';

/** Every error the server returns: a message a person can read and a stable machine code. */
export const errorBodySchema = z.object({ error: z.string(), code: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The bot service's paths the mini-app calls, relative to the bot service's base URL. */
export const apiPaths = {
  agentsByFid: (fid: number) => `/doppelganger/agents/${fid}`,
  agents: '/doppelganger/agents',
  deploy: (fid: number) => `/doppelganger/deploy/${fid}`,
  deployProgress: (fid: number) => `/doppelganger/deploy/${fid}/progress`,
  chat: (agentId: string) => `/doppelganger/chat-with-fartwin/${encodeURIComponent(agentId)}`,
  conversation: (agentId: string) => `/doppelganger/chat-with-fartwin/${encodeURIComponent(agentId)}/history`,
  /** A twin's actions (the /info switches): GET for anyone, PATCH for its owner. */
  agentActions: (agentId: string) => `/doppelganger/actions/${encodeURIComponent(agentId)}`,
  peopleMemory: (agentId: string) => `/doppelganger/people-memory/${encodeURIComponent(agentId)}`,
  personMemory: (agentId: string, fid: number) => `/doppelganger/people-memory/${encodeURIComponent(agentId)}/${fid}`,
  health: '/health',
  /** Readiness, what a load balancer probes on every replica: cheap by design (no RPC per request). */
  healthReady: '/health/ready',
} as const;

// GET /doppelganger/agents/{fid}
export const agentsByFidResponseSchema = z.object({
  agents: z.array(agentSchema),
  /** Present when the user has no twin yet: the questions to answer. */
  characteristics: z.optional(z.array(characteristicSchema)),
});
export type AgentsByFidResponse = z.infer<typeof agentsByFidResponseSchema>;

// GET /doppelganger/agents
export const agentsQuerySchema = z.object({
  cursor: z.optional(storableText(z.string().check(z.maxLength(200)))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  /**
   * The directory narrowed to one twin: agents[] holds it, or nothing when there is none. A twin's
   * page finds its twin without loading (or paging through) the directory.
   */
  agentId: z.optional(agentIdSchema),
});
export const agentsResponseSchema = z.object({
  agents: z.array(agentSchema),
  nextCursor: z.nullable(z.string()),
});
export type AgentsResponse = z.infer<typeof agentsResponseSchema>;

// POST /doppelganger/deploy/{fid}
export const deployRequestSchema = z.object({
  choices: z.array(storableText(z.string().check(z.minLength(1), z.maxLength(200)))).check(z.maxLength(50)),
});
export type DeployRequest = z.infer<typeof deployRequestSchema>;

export const deployResponseSchema = z.object({
  error: z.optional(z.string()),
  action: z.optional(z.string()),
  text: z.optional(z.string()),
  metadata: z.optional(z.object({ errorType: z.optional(z.string()) })),
  agentId: z.optional(z.string()),
  welcomeCastHash: z.optional(z.string()),
  /** The twin's username, for the "welcome to farcaster, @{name}" quote cast. */
  name: z.optional(z.string()),
});
export type DeployResponse = z.infer<typeof deployResponseSchema>;

/** The named steps of the deploy pipeline, in order. */
export const deployStepNames = [
  'wallet',
  'social-account',
  'token',
  'first-battery',
  'listen-for-tags',
  'welcome-cast',
] as const;
export type DeployStepName = (typeof deployStepNames)[number];
export const deployStepStatusSchema = z.enum(['pending', 'running', 'done', 'failed']);

export const deployProgressSchema = z.object({
  state: z.enum(['none', 'running', 'completed', 'failed']),
  steps: z.array(
    z.object({
      name: z.enum(deployStepNames),
      label: z.string(),
      status: deployStepStatusSchema,
      error: z.optional(z.string()),
    }),
  ),
});
export type DeployProgress = z.infer<typeof deployProgressSchema>;

// POST /doppelganger/chat-with-fartwin/{agentId}
export const conversationTurnSchema = z.object({
  content: z.string(),
  role: z.enum(['user', 'assistant']),
});
export type ConversationTurn = z.infer<typeof conversationTurnSchema>;

/** The twin's earlier replies, as the /agent page sends them back (the server keeps its own history). */
const CHAT_REPLY_MAX_CHARS = 16_000;

/** A turn of the array form: the user's turns have the same limit as the string form. */
const chatRequestTurnSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), content: storableText(z.string().check(z.maxLength(CHAT_MESSAGE_MAX_CHARS))) }),
  z.object({
    role: z.literal('assistant'),
    content: storableText(z.string().check(z.maxLength(CHAT_REPLY_MAX_CHARS))),
  }),
]);

/** Main screen sends the text; the /agent page sends the whole conversation. */
export const chatRequestSchema = z.object({
  conversation: z.union([
    storableText(z.string().check(z.trim(), z.minLength(1), z.maxLength(CHAT_MESSAGE_MAX_CHARS))),
    z.array(chatRequestTurnSchema).check(z.minLength(1), z.maxLength(200)),
  ]),
  fid: fidSchema,
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

export const chatResponseSchema = z.object({
  message: z.string(),
  engine: chatEngineSchema,
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/** A stored conversation; assistant turns say which engine wrote them (offline replies stay labelled). */
export const conversationHistorySchema = z.object({
  turns: z.array(z.extend(conversationTurnSchema, { engine: z.optional(chatEngineSchema) })),
});
export type ConversationHistory = z.infer<typeof conversationHistorySchema>;

// GET /health
const componentHealthSchema = z.object({ ok: z.boolean(), detail: z.string() });
/** The LifeExtended index: seconds since it last caught up with the chain (null: never); every replica shares it. */
const lifeIndexHealthSchema = z.extend(componentHealthSchema, {
  lagSeconds: z.nullable(z.int().check(z.nonnegative())),
});
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: componentHealthSchema,
  chain: componentHealthSchema,
  // The details below come only with the operator's token (HEALTH_TOKEN).
  /** The operator's ETH (gas) and USDC (first batteries); not ok when low. Absent until the contracts are known. */
  operator: z.optional(componentHealthSchema),
  lifeIndex: z.optional(lifeIndexHealthSchema),
  /** Inputs from outside that shared work skipped and recorded, per source (life-index, twin-write, …). */
  rejectedInputs: z.optional(z.record(z.string(), z.int().check(z.nonnegative()))),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

// GET /health/ready: whether this replica should get traffic (orchestrators; /health/live says it runs).
// The life index's lag is reported, not a reason to be not ready: every replica shares the index.
export const healthReadySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: componentHealthSchema,
  chain: componentHealthSchema,
  lifeIndex: lifeIndexHealthSchema,
});
export type HealthReady = z.infer<typeof healthReadySchema>;

/**
 * Chat over SSE (request with `Accept: text/event-stream`): zero or more `delta` events whose data
 * is a JSON string chunk of the reply, then one `done` event with the whole ChatResponse, or one
 * `error` event with an ErrorBody.
 */
export const chatStreamEvents = { delta: 'delta', done: 'done', error: 'error' } as const;
export const chatStreamDeltaSchema = z.string();
/** The `done` event of a chat stream carries the whole reply, as the JSON response would. */
export const chatStreamDoneSchema = chatResponseSchema;

/**
 * Quick Auth endpoints on the Quick Auth server's origin (the bot service itself in local mode),
 * exactly as `@farcaster/quick-auth` calls them: `POST /nonce`, `POST /verify-siwf`, and the key set
 * at `GET /.well-known/jwks.json` that `verifyJwt` checks tokens against.
 */
export const quickAuthPaths = {
  nonce: '/nonce',
  verifySiwf: '/verify-siwf',
  jwks: '/.well-known/jwks.json',
} as const;

export const quickAuthNonceResponseSchema = z.object({ nonce: z.string().check(z.minLength(8)) });
export type QuickAuthNonceResponse = z.infer<typeof quickAuthNonceResponseSchema>;

export const quickAuthVerifySiwfRequestSchema = z.object({
  message: z.string().check(z.minLength(1), z.maxLength(4_000)),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'must be a 0x-prefixed hex signature')),
  domain: z.string().check(z.minLength(1), z.maxLength(253)),
  acceptAuthAddress: z.optional(z.boolean()),
});
export type QuickAuthVerifySiwfRequest = z.infer<typeof quickAuthVerifySiwfRequestSchema>;

/** `{token}` on success; `{valid: false, message}` when the sign-in message does not check out. */
export const quickAuthVerifySiwfResponseSchema = z.union([
  z.object({ token: z.string() }),
  z.object({ valid: z.literal(false), message: z.string() }),
]);
export type QuickAuthVerifySiwfResponse = z.infer<typeof quickAuthVerifySiwfResponseSchema>;

/**
 * Path prefixes the bot service answers itself (API, Quick Auth, local network, run-time config);
 * everything else on its origin is the mini-app. The mini-app's dev server proxies these.
 */
export const SERVER_PATH_PREFIXES = [
  '/doppelganger',
  '/health',
  '/webhook',
  '/images',
  '/.well-known',
  '/quick-auth',
  '/local-network',
  '/nonce',
  '/verify-siwf',
  '/auth',
  '/app-config.js',
] as const;
