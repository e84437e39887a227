import { encodedJsonFarcasterSignatureSchema } from '@farcaster/miniapp-core';
import {
  InvalidEventDataError,
  InvalidJfsAppKeyError,
  InvalidJfsDataError,
  parseWebhookEvent,
  type VerifyAppKey,
  VerifyAppKeyError,
} from '@farcaster/miniapp-node';
import { Hono } from 'hono';
import type { Logger } from 'pino';
import { WEBHOOK_PATH } from '../manifest/index.ts';
import type { Db } from '../platform/db/database.ts';
import { HttpError } from '../platform/http/errors.ts';
import { assertStorableText, jsonBody } from '../platform/http/json-body.ts';
import { destinationProblem } from '../platform/outgoing/destination-rules.ts';
import { applyWebhookEvent } from './webhook-events.ts';

/**
 * Farcaster clients' events about the app (added, removed, notifications on or off), signed as JSON
 * Farcaster Signatures by the user's app key. Verified before anything changes; a replay is refused.
 */
export function webhookRoutes(deps: { db: Db; logger: Logger; verifyAppKey: VerifyAppKey; production: boolean }) {
  return new Hono().post(WEBHOOK_PATH, async (c) => {
    const signed = await jsonBody(c, encodedJsonFarcasterSignatureSchema);
    let verified: Awaited<ReturnType<typeof parseWebhookEvent>>;
    try {
      verified = await parseWebhookEvent(signed, deps.verifyAppKey);
    } catch (error) {
      throw toHttpError(error, deps.logger) ?? error;
    }
    // The signed payload is JSON of its own (base64url): its token and URL are stored.
    assertStorableText(verified.event, 'webhook event');
    // The URL is POSTed to later: one the outgoing rules refuse is never stored.
    const details = 'notificationDetails' in verified.event ? verified.event.notificationDetails : undefined;
    const problem = details ? destinationProblem(details.url, { production: deps.production }) : null;
    if (problem) throw new HttpError(400, 'invalid_notification_url', `The notification URL is ${problem}`);
    // Replays are recognised by the signature's bytes: the same signature re-encoded (another
    // base64 alphabet, padding) is the same event.
    const signatureKey = Buffer.from(signed.signature, 'base64url').toString('base64url');
    if (!(await applyWebhookEvent(deps.db, signatureKey, verified))) {
      throw new HttpError(409, 'replayed_event', 'This event was already received');
    }
    deps.logger.info({ fid: verified.fid, appFid: verified.appFid, event: verified.event.event }, 'webhook event');
    return c.json({ success: true });
  });
}

/** The answer for each way verification fails; null for anything else (a 500). */
function toHttpError(error: unknown, logger: Logger): HttpError | null {
  if (error instanceof InvalidJfsDataError || error instanceof InvalidEventDataError) {
    return new HttpError(400, 'invalid_event', `Invalid webhook event: ${error.message}`);
  }
  if (error instanceof InvalidJfsAppKeyError) {
    return new HttpError(401, 'invalid_app_key', 'The signing key is not an app key of this fid');
  }
  if (error instanceof VerifyAppKeyError) {
    logger.error({ err: error }, 'app key check failed');
    return new HttpError(503, 'app_key_check_failed', 'The app key could not be checked right now; try again');
  }
  return null;
}
