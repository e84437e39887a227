import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { IncomingCast } from './incoming-cast.ts';

/** The header Neynar signs webhook deliveries with: HMAC-SHA512 of the raw body, hex. */
export const NEYNAR_SIGNATURE_HEADER = 'x-neynar-signature';

/** The HMAC Neynar computes (https://docs.neynar.com/docs/how-to-verify-the-incoming-webhooks-using-signatures). */
export function neynarSignature(secret: string, rawBody: string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

/** Whether `signature` is the body's HMAC under the secret (constant-time). */
export function isNeynarSignatureValid(secret: string, rawBody: string, signature: string): boolean {
  const expected = Buffer.from(neynarSignature(secret, rawBody), 'hex');
  const given = /^[0-9a-f]+$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const profileSchema = z.object({ fid: z.number().int().positive(), username: z.string() });
/** The cast's author is Neynar's User object, with its quality score (`score`; earlier `experimental.neynar_user_score`). */
const authorSchema = profileSchema.extend({
  score: z.number().nullish(),
  experimental: z.object({ neynar_user_score: z.number().nullish() }).nullish(),
});

/** The parts of a `cast.created` delivery we read (Neynar's cast object). */
export const neynarCastCreatedSchema = z.object({
  created_at: z.number().int(),
  type: z.literal('cast.created'),
  data: z.object({
    hash: z.string(),
    text: z.string(),
    thread_hash: z.string().nullish(),
    parent_hash: z.string().nullish(),
    parent_author: z.object({ fid: z.number().int().nullish() }).nullish(),
    author: authorSchema,
    mentioned_profiles: z.array(profileSchema).nullish(),
  }),
});

export function incomingCastFromNeynar(event: z.infer<typeof neynarCastCreatedSchema>): IncomingCast {
  const cast = event.data;
  return {
    hash: cast.hash,
    text: cast.text,
    author: {
      fid: cast.author.fid,
      username: cast.author.username,
      score: cast.author.score ?? cast.author.experimental?.neynar_user_score ?? null,
    },
    parentHash: cast.parent_hash ?? null,
    parentAuthorFid: cast.parent_author?.fid ?? null,
    threadHash: cast.thread_hash ?? null,
    mentionedFids: (cast.mentioned_profiles ?? []).map((profile) => profile.fid),
    mentionedUsernames: (cast.mentioned_profiles ?? []).map((profile) => profile.username.toLowerCase()),
  };
}
