import type { ParseWebhookEventResult } from '@farcaster/miniapp-node';
import type { Db } from '../platform/db/database.ts';
import { deleteNotificationToken, saveNotificationToken } from './notification-tokens.ts';

/**
 * Applies a verified client event to the user's notification token for that client. An event that
 * hands over a token (added with details, notifications enabled) is applied once: its signature is
 * recorded in the same transaction, and a replay answers false, so an old token cannot come back
 * after the user turned notifications off. Turning off or removing carries no token and is signed
 * identically every time, so repeating it is accepted: its only effect is to stop notifications.
 */
export async function applyWebhookEvent(
  db: Db,
  signature: string,
  { fid, appFid, event }: ParseWebhookEventResult,
): Promise<boolean> {
  const handsOverToken =
    event.event === 'notifications_enabled' || (event.event === 'miniapp_added' && !!event.notificationDetails);
  return db.transaction().execute(async (trx) => {
    if (handsOverToken) {
      const fresh = await trx
        .insertInto('webhook_events')
        .values({ signature, fid, app_fid: appFid, event: event.event })
        .onConflict((conflict) => conflict.column('signature').doNothing())
        .returning('signature')
        .executeTakeFirst();
      if (!fresh) return false;
    }
    switch (event.event) {
      case 'miniapp_added':
        // Added without notification details: nothing to send to until notifications are enabled.
        if (event.notificationDetails) await saveNotificationToken(trx, { fid, appFid, ...event.notificationDetails });
        break;
      case 'notifications_enabled':
        await saveNotificationToken(trx, { fid, appFid, ...event.notificationDetails });
        break;
      case 'notifications_disabled':
      case 'miniapp_removed':
        await deleteNotificationToken(trx, fid, appFid);
        break;
    }
    return true;
  });
}
