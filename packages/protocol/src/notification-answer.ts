import { z } from 'zod';

/**
 * A Farcaster client's answer to a mini-app server's notification request, as farcasterxyz/miniapps
 * publishes it now: beside the successful, invalid and rate-limited tokens, an optional list of
 * tokens that failed for a stated reason. The installed @farcaster/miniapp-core release (0.6.0)
 * predates `failedTokens`, so the server's sender and the dev host's stand-in share this one
 * definition; an answer without the list (older clients) is still one.
 *
 * The reasons:
 * - `invalid_token`: the same token is in `invalidTokens` too (kept there for older servers);
 * - `domain_mismatch`: the token was issued for another domain than the targetUrl's; the rest of the
 *   request is still delivered;
 * - `target_url_mismatch`: the targetUrl is on none of the tokens' domains: every token fails;
 * - `no_webhook_url`: the targetUrl's domain has no manifest, or one without a webhookUrl;
 * - `unknown`: the client does not say.
 */
export const notificationFailedTokenReasonSchema = z.enum([
  'domain_mismatch',
  'target_url_mismatch',
  'no_webhook_url',
  'invalid_token',
  'unknown',
]);
export type NotificationFailedTokenReason = z.infer<typeof notificationFailedTokenReasonSchema>;

export const notificationFailedTokenSchema = z.object({
  token: z.string(),
  fid: z.number().int().positive().optional(),
  reason: notificationFailedTokenReasonSchema,
});
export type NotificationFailedToken = z.infer<typeof notificationFailedTokenSchema>;

export const notificationAnswerSchema = z.object({
  result: z.object({
    successfulTokens: z.array(z.string()),
    invalidTokens: z.array(z.string()),
    rateLimitedTokens: z.array(z.string()),
    failedTokens: z.array(notificationFailedTokenSchema).optional(),
  }),
});
export type NotificationAnswer = z.infer<typeof notificationAnswerSchema>;
