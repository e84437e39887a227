import type { AddressInfo } from 'node:net';
import { InvalidJfsAppKeyError, type ParseWebhookEventResult, parseWebhookEvent } from '@farcaster/miniapp-node';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Starts a Hono app on a free port of 127.0.0.1; answers its URL and how to stop it. */
export async function listen(fetch: (request: Request) => Response | Promise<Response>) {
  const server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A URL nothing listens on: a port that was free a moment ago. */
export async function deadUrl(): Promise<string> {
  const stopped = await listen(() => new Response());
  await stopped.close();
  return stopped.url;
}

/**
 * The bot service and the mini-app's server as the client backend sees them, on one origin (as in
 * local mode): the manifest, app-key registration, and a webhook that verifies JSON Farcaster
 * Signatures for real against the registered keys, so a wrongly signed event fails the test.
 */
export async function startFakeBotService(knownFids: readonly number[] = [1001, 1002]) {
  /** Registered app keys by public key (lowercase), as the local network keeps them. */
  const appKeys = new Map<string, { fid: number; appFid: number }>();
  /** Every event the webhook verified, in order. */
  const events: ParseWebhookEventResult[] = [];
  const fake = {
    url: '',
    appKeys,
    events,
    /** What the manifest answers; its webhookUrl is set once the URL is known. */
    manifest: {} as unknown,
    /** Set to make the webhook refuse the next events with this status and body. */
    webhookRefusal: null as null | { status: ContentfulStatusCode; error: string; code: string },
    /** Set to answer registrations without keeping the key: the client's signatures then fail verification. */
    dropRegistrations: false,
    close: async () => {},
  };

  const app = new Hono();
  app.get('/.well-known/farcaster.json', (c) => c.json(fake.manifest as object));
  app.post('/local-network/app-keys', async (c) => {
    const key = (await c.req.json()) as { fid: number; appFid: number; publicKey: string };
    if (!knownFids.includes(key.fid)) {
      return c.json({ error: `No local account with fid ${key.fid}`, code: 'unknown_fid' }, 404);
    }
    if (!fake.dropRegistrations) appKeys.set(key.publicKey.toLowerCase(), { fid: key.fid, appFid: key.appFid });
    return c.json({ registered: true });
  });
  app.post('/webhook', async (c) => {
    if (fake.webhookRefusal) {
      const { status, error, code } = fake.webhookRefusal;
      return c.json({ error, code }, status);
    }
    try {
      const verified = await parseWebhookEvent(await c.req.json(), async (fid, appKey) => {
        const key = appKeys.get(appKey.toLowerCase());
        return key?.fid === fid ? { valid: true, appFid: key.appFid } : { valid: false };
      });
      events.push(verified);
      return c.json({ success: true });
    } catch (error) {
      const status = error instanceof InvalidJfsAppKeyError ? 401 : 400;
      return c.json({ error: `Invalid webhook event: ${(error as Error).message}`, code: 'invalid_event' }, status);
    }
  });

  const running = await listen(app.fetch);
  fake.url = running.url;
  fake.manifest = { miniapp: { name: 'Fartwin', webhookUrl: `${running.url}/webhook` } };
  fake.close = running.close;
  return fake;
}
export type FakeBotService = Awaited<ReturnType<typeof startFakeBotService>>;
