import { BATTERY_DAYS, LIMITS, shortAddress } from '@fartwin/protocol';
import type { NotificationMessage } from './sender.ts';

/** A revival its owner hears of: who paid (their username, or their address without an account). */
export interface RevivalNotice {
  revivalKey: string;
  twinUsername: string;
  payer: `0x${string}`;
  payerUsername: string | null;
}

/** How a reviver is named to people: @username, or 0x1234…abcd for an address without an account. */
export function reviverName(revival: { payer: `0x${string}`; payerUsername: string | null }): string {
  return revival.payerUsername ? `@${revival.payerUsername}` : shortAddress(revival.payer);
}

/**
 * "@x revived your twin": once per revival (the id is the revival's key, and clients show an id
 * once per user, so a resend after a crash notifies no one twice). A username too long for the body
 * limit gives way to "your twin".
 */
export function revivalNoticeMessage(notice: RevivalNotice, targetUrl: string): NotificationMessage {
  const body = (twin: string) => `${reviverName(notice)} revived your twin${twin}. It lives ${BATTERY_DAYS} more days.`;
  const named = body(` @${notice.twinUsername}`);
  return {
    notificationId: notice.revivalKey,
    title: 'Your twin was revived',
    body: named.length <= LIMITS.notificationBodyChars ? named : body(''),
    targetUrl,
  };
}
