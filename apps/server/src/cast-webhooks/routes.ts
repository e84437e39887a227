import { firstUnstorableText } from '@fartwin/protocol';
import { Hono } from 'hono';
import type { Logger } from 'pino';
import type { Db } from '../platform/db/database.ts';
import { HttpError } from '../platform/http/errors.ts';
import { recordRejectedInput } from '../platform/logging/rejected-inputs.ts';
import type { TwinActions } from '../twin-actions/index.ts';
import {
  incomingCastFromNeynar,
  isNeynarSignatureValid,
  NEYNAR_SIGNATURE_HEADER,
  neynarCastCreatedSchema,
} from '../twin-actions/index.ts';

export const NEYNAR_WEBHOOK_PATH = '/webhook/neynar';

/** A cast older than this is not answered: a late (or replayed old) delivery is taken and dropped. */
const MAX_DELIVERY_AGE_SECONDS = 10 * 60;

/**
 * Neynar's `cast.created` webhook (production's trigger for thread replies): the body's HMAC is
 * checked with the webhooks' secrets before anything else; an unsigned or forged delivery is 401 and
 * enqueues nothing. A signed delivery that is late or already received is answered 200 and does
 * nothing: Neynar retries any other answer as a failed delivery.
 */
export function neynarWebhookRoutes(deps: {
  db: Db;
  logger: Logger;
  /** One per webhook: each of Neynar's webhooks signs with its own. */
  secrets: readonly string[];
  twinActions: TwinActions;
}) {
  return new Hono().post(NEYNAR_WEBHOOK_PATH, async (c) => {
    const rawBody = await c.req.text();
    const signature = c.req.header(NEYNAR_SIGNATURE_HEADER);
    if (!signature) throw new HttpError(401, 'unsigned_delivery', `The ${NEYNAR_SIGNATURE_HEADER} header is missing`);
    if (!deps.secrets.some((secret) => isNeynarSignatureValid(secret, rawBody, signature))) {
      throw new HttpError(401, 'invalid_signature', 'The delivery is not signed with any of the webhooks’ secrets');
    }
    let payload: unknown;
    try {
      payload = JSON.parse(rawBody);
    } catch {
      throw new HttpError(400, 'invalid_json', 'The delivery is not JSON');
    }
    const type = (payload as { type?: unknown } | null)?.type;
    if (type !== 'cast.created') return c.json({ accepted: 0, ignored: String(type) });
    const event = neynarCastCreatedSchema.safeParse(payload);
    if (!event.success) throw new HttpError(400, 'invalid_event', `Invalid cast.created event: ${event.error.message}`);
    // A signed cast whose text Postgres cannot store is recorded and answered 200: Neynar would
    // retry any other answer, and no retry makes it usable.
    const unstorable = firstUnstorableText(event.data);
    if (unstorable) {
      await recordRejectedInput(deps.db, deps.logger, {
        source: 'neynar-delivery',
        key: signature.toLowerCase(),
        reason: `cast.created ${unstorable.path || 'text'} ${unstorable.problem}`,
        value: event.data.data.text,
      });
      return c.json({ accepted: 0, ignored: 'invalid_text' });
    }
    if (Math.floor(Date.now() / 1000) - event.data.created_at > MAX_DELIVERY_AGE_SECONDS) {
      deps.logger.info(
        { cast: event.data.data.hash, createdAt: event.data.created_at },
        'late neynar delivery dropped',
      );
      return c.json({ accepted: 0, ignored: 'late' });
    }
    const fresh = await deps.db
      .insertInto('neynar_deliveries')
      .values({ signature: signature.toLowerCase() })
      .onConflict((conflict) => conflict.column('signature').doNothing())
      .returning('signature')
      .executeTakeFirst();
    if (!fresh) return c.json({ accepted: 0, ignored: 'duplicate' });
    try {
      const accepted = await deps.twinActions.castCreated(incomingCastFromNeynar(event.data));
      deps.logger.info({ cast: event.data.data.hash, twins: accepted }, 'neynar cast');
      return c.json({ accepted });
    } catch (error) {
      // Not handled: forget the delivery so Neynar's retry of it is taken.
      await deps.db.deleteFrom('neynar_deliveries').where('signature', '=', signature.toLowerCase()).execute();
      throw error;
    }
  });
}
