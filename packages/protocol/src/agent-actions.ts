/**
 * A twin's actions (the /info page): four switches saved per twin. Anyone may read them; only
 * the twin's owner may change them.
 */
import { z } from 'zod/mini';

/** The four switches, in the order /info shows them. */
export const agentActionKeys = ['replyOnFarcaster', 'replyToDirectMessages', 'contentWriter', 'notifications'] as const;
export type AgentActionKey = (typeof agentActionKeys)[number];

export const agentActionsSchema = z.object({
  replyOnFarcaster: z.boolean(),
  replyToDirectMessages: z.boolean(),
  contentWriter: z.boolean(),
  notifications: z.boolean(),
});
export type AgentActions = z.infer<typeof agentActionsSchema>;

/** The defaults (replies on, content and notifications off): what a twin does until its owner says otherwise. */
export const AGENT_ACTION_DEFAULTS: AgentActions = {
  replyOnFarcaster: true,
  replyToDirectMessages: true,
  contentWriter: false,
  notifications: false,
};

/** The switches' labels and texts, to the letter: user-facing strings the tests check exactly. */
export const AGENT_ACTION_TEXTS: Record<AgentActionKey, { label: string; text: string }> = {
  replyOnFarcaster: { label: 'Reply on farcaster', text: 'Every time it is tagged the agent will reply.' },
  replyToDirectMessages: { label: 'Reply to DCs', text: 'Active on the warpcast direct messages.' },
  contentWriter: { label: 'Content Writer', text: 'Publish two pieces of content every day, at random moments.' },
  notifications: { label: 'Notifications', text: 'Notifies you twice every day.' },
};

// GET /doppelganger/actions/{agentId}, and the answer of PATCH
export const agentActionsResponseSchema = z.object({
  agentId: z.string(),
  actions: agentActionsSchema,
  /**
   * Whether this server can answer direct messages at all. When false, "Reply to DCs" is saved but
   * has no effect, and `directMessagesNote` says why.
   */
  directMessagesAvailable: z.boolean(),
  directMessagesNote: z.optional(z.string()),
});
export type AgentActionsResponse = z.infer<typeof agentActionsResponseSchema>;

// PATCH /doppelganger/actions/{agentId} (owner only): any of the switches, at least one.
export const agentActionsUpdateSchema = z
  .strictObject(z.partial(agentActionsSchema).shape)
  .check(
    z.refine<object>((update) => Object.keys(update).length > 0, { message: 'name at least one action to change' }),
  );
export type AgentActionsUpdate = z.infer<typeof agentActionsUpdateSchema>;
