import { BATTERY_DAYS, LIMITS, reviverName } from '@fartwin/protocol';
import type { NotificationMessage } from './sender.ts';

/** A revival its owner hears of: who paid (their username, or their address without an account). */
export interface RevivalNotice {
  revivalKey: string;
  twinUsername: string;
  payer: `0x${string}`;
  payerUsername: string | null;
}

/** The payer as people read them (the same words as the twin's page's list of revivers). */
export function payerName(revival: { payer: `0x${string}`; payerUsername: string | null }): string {
  return reviverName({ username: revival.payerUsername, address: revival.payer });
}

/**
 * "@x revived your twin": once per revival (the id is the revival's key, and clients show an id
 * once per user, so a resend after a crash notifies no one twice). A username too long for the body
 * limit gives way to "your twin".
 */
export function revivalNoticeMessage(notice: RevivalNotice, targetUrl: string): NotificationMessage {
  const body = (twin: string) => `${payerName(notice)} revived your twin${twin}. It lives ${BATTERY_DAYS} more days.`;
  const named = body(` @${notice.twinUsername}`);
  return {
    notificationId: notice.revivalKey,
    title: 'Your twin was revived',
    body: named.length <= LIMITS.notificationBodyChars ? named : body(''),
    targetUrl,
  };
}
