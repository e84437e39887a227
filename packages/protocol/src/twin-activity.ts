/**
 * What a twin's owner controls beside the four /info switches (pause, "ask me first"), the drafts
 * "ask me first" holds for review, and the twin's activity.
 */
import { z } from 'zod/mini';
import { CAST_MAX_BYTES } from './local-network.ts';

export const ownerControlsSchema = z.object({
  /** Stops everything the twin does on its own: tag replies, DM answers, posts, digests, drafts. */
  paused: z.boolean(),
  /** Per action: true is "ask me first" (a draft to review), false is "post on its own". */
  askFirst: z.object({ posts: z.boolean(), replies: z.boolean() }),
});
export type OwnerControls = z.infer<typeof ownerControlsSchema>;

export const OWNER_CONTROL_DEFAULTS: OwnerControls = { paused: false, askFirst: { posts: false, replies: false } };

export const OWNER_CONTROL_TEXTS = {
  paused: {
    label: 'Pause',
    text: 'Stops everything your twin does on its own, at once. Its chat with you still works.',
  },
  posts: {
    label: 'Ask me first: posts',
    text: 'Off: it posts on its own. On: it writes a draft you publish, edit or discard.',
  },
  replies: {
    label: 'Ask me first: thread replies',
    text: 'Off: it replies on its own. On: it writes a draft you publish, edit or discard.',
  },
} as const;

// GET/PATCH /doppelganger/controls/{agentId} (owner only). PATCH: any of them, at least one.
export const ownerControlsUpdateSchema = z
  .strictObject({
    paused: z.optional(z.boolean()),
    askFirst: z.optional(z.strictObject({ posts: z.optional(z.boolean()), replies: z.optional(z.boolean()) })),
  })
  .check(
    z.refine<object>((update) => Object.keys(update).length > 0, { message: 'name at least one control to change' }),
  );
export type OwnerControlsUpdate = z.infer<typeof ownerControlsUpdateSchema>;
export const ownerControlsResponseSchema = z.object({ agentId: z.string(), controls: ownerControlsSchema });
export type OwnerControlsResponse = z.infer<typeof ownerControlsResponseSchema>;

/** A draft's text as the owner edits it: a cast's length, in bytes of UTF-8 as Farcaster counts. */
export const draftTextSchema = z.string().check(
  z.trim(),
  z.minLength(1, 'a cast needs some text'),
  z.refine<string>((text) => new TextEncoder().encode(text).length <= CAST_MAX_BYTES, {
    message: `at most ${CAST_MAX_BYTES} bytes, as a cast`,
  }),
);

// POST /doppelganger/drafts/{agentId}/{key}/publish (owner only): the draft as written, or edited.
export const draftPublishSchema = z.strictObject({ text: z.optional(draftTextSchema) });
export type DraftPublish = z.infer<typeof draftPublishSchema>;

export const draftStatusSchema = z.enum(['pending', 'publishing', 'published', 'discarded', 'expired']);
export const draftSchema = z.object({
  key: z.string(),
  kind: z.enum(['post', 'thread-reply']),
  text: z.string(),
  status: draftStatusSchema,
  /** The cast a reply answers. */
  parentHash: z.nullable(z.string()),
  castHash: z.nullable(z.string()),
  /** Clock time (unix seconds) it is discarded at when not reviewed. */
  expiresAt: z.number(),
});
export type Draft = z.infer<typeof draftSchema>;
export const draftResponseSchema = z.object({ draft: draftSchema });
export type DraftResponse = z.infer<typeof draftResponseSchema>;

/** The owner's control and review endpoints. */
export const ownerApprovalPaths = {
  controls: (agentId: string) => `/doppelganger/controls/${encodeURIComponent(agentId)}`,
  publishDraft: (agentId: string, key: string) =>
    `/doppelganger/drafts/${encodeURIComponent(agentId)}/${encodeURIComponent(key)}/publish`,
  discardDraft: (agentId: string, key: string) =>
    `/doppelganger/drafts/${encodeURIComponent(agentId)}/${encodeURIComponent(key)}/discard`,
};

/** Why a twin did not write something (the owner's activity). */
export const skipReasonSchema = z.enum([
  'author-limit',
  'twin-limit',
  'switched-off',
  'dead',
  'filtered',
  'thread-bound',
  'paused',
  'draft-expired',
  'failed',
]);
export type SkipReason = z.infer<typeof skipReasonSchema>;

/**
 * What the output policy changed in a text the twin wrote on its own before it was cast, sent or kept
 * as a draft: a link outside the app and the operator's allow-list removed, an @mention of an account
 * nobody tagged removed, a text on a topic the owner avoids replaced.
 */
export const policyChangeSchema = z.enum(['link-removed', 'mention-removed', 'avoided-topic']);
export type PolicyChange = z.infer<typeof policyChangeSchema>;

/** The cast a thread reply answered. */
export const answeredCastSchema = z.object({
  hash: z.string(),
  /** Null for replies written before the answered cast was stored with them (migration 0023). */
  text: z.nullable(z.string()),
  username: z.nullable(z.string()),
});

export const activityItemSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('writing'),
    key: z.string(),
    /** ISO 8601. */
    at: z.string(),
    kind: z.enum(['thread-reply', 'dead-reply', 'dm-reply', 'post', 'digest', 'thank-you']),
    text: z.string(),
    /** The cast it published (thread replies, posts); null for messages and digests. */
    castHash: z.nullable(z.string()),
    answered: z.nullable(answeredCastSchema),
    /** The owner's view only: what the output policy changed in it (absent or empty: nothing). */
    policy: z.optional(z.array(policyChangeSchema)),
  }),
  z.object({
    type: z.literal('skip'),
    key: z.string(),
    at: z.string(),
    kind: z.enum(['thread-reply', 'dm-reply', 'post', 'digest', 'thank-you']),
    reason: skipReasonSchema,
    /** The cast hash or message id it concerns. */
    subject: z.string(),
    authorFid: z.nullable(z.number()),
  }),
  z.object({ type: z.literal('draft'), key: z.string(), at: z.string(), draft: draftSchema }),
]);
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** Items a page of activity holds at most. */
export const ACTIVITY_PAGE_MAX = 50;

// GET /doppelganger/activity/{agentId}?cursor=&limit= : the owner (signed in) sees everything, anyone
// else the twin's public casts.
export const activityQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(ACTIVITY_PAGE_MAX)), 20),
});
export const activityResponseSchema = z.object({
  agentId: z.string(),
  /** Whether the page is the owner's view (everything) or the public one (public casts only). */
  view: z.enum(['owner', 'public']),
  items: z.array(activityItemSchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.nullable(z.string()),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

export const activityPath = (agentId: string, query: { cursor?: string; limit?: number } = {}) => {
  const params = new URLSearchParams();
  if (query.cursor) params.set('cursor', query.cursor);
  if (query.limit) params.set('limit', String(query.limit));
  const search = params.toString();
  return `/doppelganger/activity/${encodeURIComponent(agentId)}${search ? `?${search}` : ''}`;
};
