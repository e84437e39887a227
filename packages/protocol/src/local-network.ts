/**
 * The local social network's API on the bot service (local mode only): what the dev host, the
 * local Farcaster client, reads and writes. One definition for both sides: the request schemas are
 * the server's rules, and the dev host parses the answers with the response schemas.
 */
import { z } from 'zod/mini';
import { addressSchema, fidSchema } from './entities.ts';
import { storableText } from './input-text.ts';

/** Farcaster's fname rules: lowercase letters, digits and hyphens, at most 16, no leading hyphen. */
export const usernameSchema = z
  .string()
  .check(
    z.regex(
      /^[a-z0-9][a-z0-9-]{0,15}$/,
      'must be 1-16 lowercase letters, digits or hyphens, not starting with a hyphen',
    ),
  );

export const castHashSchema = z
  .string()
  .check(z.regex(/^0x[0-9a-f]{40}$/, 'must be a cast hash: 0x and 40 lowercase hex digits'));

/** A person of the local network, as the user picker lists them. */
export const localUserSchema = z.object({
  fid: fidSchema,
  username: z.string(),
  displayName: z.string(),
  pfpUrl: z.nullable(z.string()),
  custodyAddress: addressSchema,
});
export type LocalUser = z.infer<typeof localUserSchema>;

/** A person's profile (viewProfile). */
export const localProfileSchema = z.extend(localUserSchema, { bio: z.string() });
export type LocalProfile = z.infer<typeof localProfileSchema>;

/** A cast as a client's feed shows it. */
export const feedCastSchema = z.object({
  hash: z.string(),
  text: z.string(),
  embeds: z.array(z.string()),
  parentHash: z.nullable(z.string()),
  /** ISO 8601. */
  createdAt: z.string(),
  author: z.pick(localUserSchema, { fid: true, username: true, displayName: true, pfpUrl: true }),
});
export type FeedCast = z.infer<typeof feedCastSchema>;

// GET /local-network/users
export const localUsersResponseSchema = z.object({ users: z.array(localUserSchema) });

// POST /local-network/users ("New user" in the dev host)
export const newLocalUserRequestSchema = z.object({
  username: z.optional(usernameSchema),
  displayName: z.optional(storableText(z.string().check(z.trim(), z.minLength(1), z.maxLength(32)))),
  /** A few casts in the new user's voice, so the twin's questions have something to read. */
  starterCasts: z._default(z.boolean(), true),
});
export type NewLocalUserRequest = z.input<typeof newLocalUserRequestSchema>;
export const localUserResponseSchema = z.object({ user: localUserSchema });

// GET /local-network/users/:fid
export const localProfileResponseSchema = z.object({ user: localProfileSchema });

// POST /local-network/casts
export const newCastRequestSchema = z
  .object({
    fid: fidSchema,
    text: storableText(z.string().check(z.maxLength(1024))),
    /** The SDK's composeCast allows at most two. */
    embeds: z._default(z.array(z.url()).check(z.maxLength(2)), []),
    parentHash: z.optional(castHashSchema),
  })
  .check(
    z.refine<{ text: string; embeds: string[] }>((cast) => cast.text.trim() !== '' || cast.embeds.length > 0, {
      path: ['text'],
      message: 'a cast needs text or an embed',
    }),
  );
export type NewCastRequest = z.input<typeof newCastRequestSchema>;
export const newCastResponseSchema = z.object({ hash: castHashSchema });

// GET /local-network/casts/:hash
export const castResponseSchema = z.object({ cast: feedCastSchema });

// GET /local-network/feed?limit=&fid=
export const feedQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 30),
  fid: z.optional(fidSchema),
});
export const feedResponseSchema = z.object({ casts: z.array(feedCastSchema) });

/** Farcaster's cast length for a standard account, in bytes of UTF-8. */
export const CAST_MAX_BYTES = 320;
/** A direct message's length in the local network (Farcaster's direct casts allow about this). */
export const DIRECT_MESSAGE_MAX_CHARS = 1024;

/** A direct message between two accounts of the local network (a person and a twin). */
export const directMessageSchema = z.object({
  id: z.int(),
  fromFid: fidSchema,
  toFid: fidSchema,
  text: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type DirectMessage = z.infer<typeof directMessageSchema>;

// POST /local-network/direct-messages
export const newDirectMessageRequestSchema = z.object({
  fromFid: fidSchema,
  toFid: fidSchema,
  text: storableText(
    z.string().check(z.trim(), z.minLength(1, 'a message needs text'), z.maxLength(DIRECT_MESSAGE_MAX_CHARS)),
  ),
});
export type NewDirectMessageRequest = z.input<typeof newDirectMessageRequestSchema>;
export const directMessageResponseSchema = z.object({ message: directMessageSchema });

// GET /local-network/direct-messages?fid=&with=  (the conversation between two accounts, oldest first)
export const directMessagesQuerySchema = z.object({
  fid: fidSchema,
  with: fidSchema,
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 100),
});
export const directMessagesResponseSchema = z.object({ messages: z.array(directMessageSchema) });

// GET /local-network/twins: the twins' accounts, for the dev host's direct-message panel
export const localTwinSchema = z.extend(
  z.pick(localUserSchema, { fid: true, username: true, displayName: true, pfpUrl: true }),
  { agentId: z.string(), ownerFid: fidSchema },
);
export type LocalTwin = z.infer<typeof localTwinSchema>;
export const localTwinsResponseSchema = z.object({ twins: z.array(localTwinSchema) });
