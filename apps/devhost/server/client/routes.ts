import { notificationAnswerSchema } from '@fartwin/protocol';
import { Hono } from 'hono';
import { addRequestSchema, clientPaths, notificationsRequestSchema } from '../../src/api/client-api.ts';
import type { DevhostServerConfig } from '../config.ts';
import { openClientStore } from './client-store.ts';
import { readEmbedCard } from './embed-card.ts';
import { fidParam, handleClientError, jsonBody } from './http-errors.ts';
import { createInstallations } from './installations.ts';
import { deliverNotification, localNotificationRequestSchema } from './notify-inbox.ts';

export interface ClientBackendOptions {
  /** The clock (epoch ms) for the rate limit, the dedupe window and receivedAt; tests move it. */
  now?: () => number;
}

/**
 * The dev host's client backend (shapes and paths in src/api/client-api.ts): the page's calls to
 * add the mini-app, turn notifications on or off, remove it and read the inbox, and the endpoint
 * mini-app servers send notifications to.
 */
export function clientRoutes(
  config: Pick<DevhostServerConfig, 'publicUrl' | 'stateFile' | 'client'>,
  options: ClientBackendOptions = {},
) {
  const now = options.now ?? Date.now;
  const store = openClientStore(config.stateFile);
  const notifyUrl = `${config.publicUrl}${clientPaths.notify}`;
  const installations = createInstallations({
    store,
    apiUrl: config.client.apiUrl,
    miniappUrl: config.client.miniappUrl,
    notifyUrl,
  });
  const app = new Hono();
  app.onError(handleClientError);

  app.get('/client/installations/:fid', (c) => c.json(installations.get(fidParam(c.req.param('fid')))));
  app.post('/client/installations/:fid/add', async (c) => {
    const fid = fidParam(c.req.param('fid'));
    const { notifications } = await jsonBody(c, addRequestSchema);
    return c.json(await installations.add(fid, notifications));
  });
  app.post('/client/installations/:fid/notifications', async (c) => {
    const fid = fidParam(c.req.param('fid'));
    const { enabled } = await jsonBody(c, notificationsRequestSchema);
    return c.json(await installations.setNotifications(fid, enabled));
  });
  app.delete('/client/installations/:fid', async (c) =>
    c.json(await installations.remove(fidParam(c.req.param('fid')))),
  );

  app.post(clientPaths.notify, async (c) => {
    const request = await jsonBody(c, localNotificationRequestSchema);
    const result = store.update((draft) =>
      deliverNotification(draft, request, { notifyUrl, appUrl: config.client.miniappUrl, now: now() }),
    );
    return c.json(notificationAnswerSchema.parse({ result }));
  });
  app.get('/client/inbox/:fid', (c) =>
    c.json({ notifications: store.read().inboxes[fidParam(c.req.param('fid'))] ?? [] }),
  );
  // A link in a cast, as the feed shows it: its page's mini-app card.
  app.get('/client/embed-card', async (c) => c.json(await readEmbedCard(c.req.query('url'), config.client.miniappUrl)));
  return app;
}
