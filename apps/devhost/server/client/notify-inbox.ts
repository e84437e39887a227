import { sendNotificationRequestSchema } from '@farcaster/miniapp-core';
import type { NotificationAnswer } from '@fartwin/protocol';
import { z } from 'zod';
import type { ClientState } from './client-store.ts';

/**
 * The published request schema wants an https targetUrl; the local mini-app is served over http and
 * the bot service's sender allows that in local mode, so this client does too. Every other rule stands.
 */
export const localNotificationRequestSchema = sendNotificationRequestSchema.extend({ targetUrl: z.url() });
export type LocalNotificationRequest = z.infer<typeof localNotificationRequestSchema>;

/** Farcaster's documented limit: one notification per token every 30 seconds. */
export const RATE_LIMIT_MS = 30_000;
/** Farcaster clients show a notificationId once per user within 24 hours. */
export const DEDUPE_WINDOW_MS = 24 * 3_600_000;
/** The inbox keeps the newest ones. */
export const INBOX_LIMIT = 100;

/** The fid whose installation holds this token for this endpoint; undefined once it was replaced, turned off or removed. */
function fidWithToken(state: ClientState, token: string, notifyUrl: string): number | undefined {
  for (const [fid, installation] of Object.entries(state.installations)) {
    const details = installation.notificationDetails;
    // A token issued for another URL (the dev host's public URL changed) is no longer served here.
    if (details?.token === token && details.url === notifyUrl) return Number(fid);
  }
  return undefined;
}

/**
 * What a Farcaster client does with a mini-app server's notification, token by token: unknown or
 * stale tokens are invalid (in `invalidTokens`, and in `failedTokens` as `invalid_token`, as clients
 * answer now); a targetUrl off the mini-app's domain fails every token it would have reached with
 * `target_url_mismatch` (this client holds one mini-app, so no token's domain matches); a notificationId the user already has (within 24 h) is successful but
 * only counts one more delivery, and does not count against the rate limit as nothing is shown; a
 * token notified less than 30 s ago is rate limited; anything else lands in the user's inbox.
 */
export function deliverNotification(
  draft: ClientState,
  request: LocalNotificationRequest,
  { notifyUrl, appUrl, now }: { notifyUrl: string; appUrl: string; now: number },
): Required<NotificationAnswer['result']> {
  const result: Required<NotificationAnswer['result']> = {
    successfulTokens: [],
    invalidTokens: [],
    rateLimitedTokens: [],
    failedTokens: [],
  };
  // Farcaster clients match domains (host names), not ports or paths.
  const onAppDomain = new URL(request.targetUrl).hostname === new URL(appUrl).hostname;
  for (const token of new Set(request.tokens)) {
    const fid = fidWithToken(draft, token, notifyUrl);
    if (fid === undefined) {
      result.invalidTokens.push(token);
      result.failedTokens.push({ token, reason: 'invalid_token' });
      continue;
    }
    if (!onAppDomain) {
      result.failedTokens.push({ token, fid, reason: 'target_url_mismatch' });
      continue;
    }
    const inbox = draft.inboxes[fid] ?? [];
    const shown = inbox.find(
      (entry) =>
        entry.notificationId === request.notificationId && now - Date.parse(entry.receivedAt) < DEDUPE_WINDOW_MS,
    );
    if (shown) {
      shown.deliveries += 1;
      result.successfulTokens.push(token);
      continue;
    }
    const last = draft.lastDeliveries[token];
    if (last !== undefined && now - last < RATE_LIMIT_MS) {
      result.rateLimitedTokens.push(token);
      continue;
    }
    draft.lastDeliveries[token] = now;
    const { notificationId, title, body, targetUrl } = request;
    const entry = { notificationId, title, body, targetUrl, receivedAt: new Date(now).toISOString(), deliveries: 1 };
    draft.inboxes[fid] = [entry, ...inbox].slice(0, INBOX_LIMIT);
    result.successfulTokens.push(token);
  }
  // Only the last 30 s matter: the file does not grow with every token ever notified.
  for (const [token, at] of Object.entries(draft.lastDeliveries)) {
    if (now - at >= RATE_LIMIT_MS) delete draft.lastDeliveries[token];
  }
  return result;
}
