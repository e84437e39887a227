import { WEB_SESSION_KEY, type WebSession } from '../lib/web-session.ts';

/** A web session as the wallet sign-in stores it, valid for an hour. */
export function storeWebSession(fields: Pick<WebSession, 'fid' | 'username'>): WebSession {
  const session: WebSession = {
    token: 'web-token',
    address: '0x1111111111111111111111111111111111111111',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    connectorId: 'test.wallet',
    ...fields,
  };
  localStorage.setItem(WEB_SESSION_KEY, JSON.stringify(session));
  return session;
}
