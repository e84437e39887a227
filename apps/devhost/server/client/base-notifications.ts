import {
  answerBaseNotifications,
  type BaseNotificationsOptions,
  emptyBaseNotificationsState,
  LOCAL_BASE_NOTIFICATIONS_API_KEY,
} from '@fartwin/localstack/base-notifications';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { getAddress, isAddress } from 'viem';
import { BASE_API_MOUNT, baseAppUserRequestSchema, baseClientPaths } from '../../src/api/client-api.ts';
import { ClientHttpError, handleClientError, jsonBody } from './http-errors.ts';

/** Bodies the stand-in reads: a send of 1,000 addresses is about 45 kB. */
const MAX_BODY_BYTES = 128 * 1024;

function addressParam(value: string): string {
  if (!isAddress(value))
    throw new ClientHttpError(400, 'invalid_address', `"${value.slice(0, 50)}" is not a wallet address`);
  return getAddress(value).toLowerCase();
}

/**
 * The Base App's side of notifications, as the dev host plays it: Base's Notifications API (the
 * stand-in written from Base's documentation, in @fartwin/localstack) under /base, where the bot
 * service sends locally; and, for the page's "Base notifications" panel, whether a wallet saved the
 * app with notifications on, and the notifications it received. Kept in memory: a restart of the
 * dev host is a fresh Base App.
 */
export function baseNotificationRoutes(config: { miniappUrl: string }, options: { now?: () => number } = {}) {
  const state = emptyBaseNotificationsState();
  const standIn: BaseNotificationsOptions = {
    apiKey: LOCAL_BASE_NOTIFICATIONS_API_KEY,
    // The app as registered: the mini-app's URL, as the bot service names it (no trailing slash).
    appUrl: config.miniappUrl.replace(/\/$/, ''),
    ...(options.now ? { now: options.now } : {}),
  };
  const app = new Hono();
  app.onError(handleClientError);

  app.all(`${BASE_API_MOUNT}/*`, async (c) => {
    const body = await c.req.text();
    if (body.length > MAX_BODY_BYTES) throw new ClientHttpError(413, 'body_too_large', 'The request body is too large');
    const url = new URL(c.req.url);
    const answer = answerBaseNotifications(state, standIn, {
      method: c.req.method,
      url: `${url.pathname.slice(BASE_API_MOUNT.length)}${url.search}`,
      apiKey: c.req.header('x-api-key'),
      body,
    });
    if (!answer) throw new ClientHttpError(404, 'not_found', `No endpoint ${c.req.method} ${url.pathname}`);
    return c.json(answer.body as object, answer.status as ContentfulStatusCode);
  });

  app.get(baseClientPaths.user(':address'), (c) => {
    const address = addressParam(c.req.param('address') ?? '');
    const enabled = state.users.get(address);
    return c.json({ saved: enabled !== undefined, notificationsEnabled: enabled ?? false });
  });
  app.post(baseClientPaths.user(':address'), async (c) => {
    const address = addressParam(c.req.param('address') ?? '');
    const { saved, notificationsEnabled } = await jsonBody(c, baseAppUserRequestSchema);
    if (saved) state.users.set(address, notificationsEnabled);
    else state.users.delete(address);
    return c.json({ saved, notificationsEnabled: saved && notificationsEnabled });
  });
  app.get(baseClientPaths.inbox(':address'), (c) =>
    c.json({ notifications: state.inboxes.get(addressParam(c.req.param('address') ?? '')) ?? [] }),
  );
  return app;
}
