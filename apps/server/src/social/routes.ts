import { randomUUID } from 'node:crypto';
import {
  castHashSchema,
  directMessagesQuerySchema,
  feedQuerySchema,
  newCastRequestSchema,
  newDirectMessageRequestSchema,
  newLocalUserRequestSchema,
} from '@fartwin/protocol';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { registerLocalAppKey } from '../notify/index.ts';
import type { ServerConfig } from '../platform/config/config.ts';
import type { Db } from '../platform/db/database.ts';
import { HttpError } from '../platform/http/errors.ts';
import { fidParam } from '../platform/http/fid-param.ts';
import { jsonBody } from '../platform/http/json-body.ts';
import { renderAvatarSvg } from './avatar.ts';
import type { FundingDeps } from './fund-local-wallet.ts';
import { localConversation, sendLocalDirectMessage } from './local-direct-messages.ts';
import {
  avatarColor,
  findAccount,
  findCast,
  type LocalCastToPublish,
  listAccounts,
  listRecentCasts,
  listTwinAccounts,
} from './local-network.ts';
import { signUpLocalUser } from './sign-up.ts';

const appKeySchema = z.object({
  fid: z.number().int().positive(),
  appFid: z.number().int().positive(),
  publicKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be an ed25519 public key: 0x and 64 hex characters'),
});

const unknownFid = (fid: number) => new HttpError(404, 'unknown_fid', `No local account with fid ${fid}`);

/**
 * Who hears of what happens on the local network (the twins, through twin-actions): a person's new
 * cast, to publish and hand on to the twins it concerns, and a direct message to an account.
 */
export interface LocalNetworkListener {
  publishLocalCast(
    cast: LocalCastToPublish,
  ): Promise<{ status: 'published'; hash: string } | { status: 'unknown-author' } | { status: 'unknown-parent' }>;
  directMessageReceived(message: { id: string; fromFid: number; toFid: number; text: string }): Promise<unknown>;
}

/**
 * Local mode's Farcaster: what a client (the dev host) needs from the local social network: its
 * people, new accounts, app keys, casting and a feed. Mounted only in local mode.
 */
export function localNetworkRoutes(deps: {
  db: Db;
  config: Pick<ServerConfig, 'publicUrl' | 'chain'>;
  twinActions: LocalNetworkListener;
  /** What a new user's wallet is funded with: the operator's wallet, signing through the outbox. */
  funding: FundingDeps;
}) {
  const { db, config, twinActions } = deps;
  const app = new Hono();
  app.use('/local-network/*', cors());

  app.get('/local-network/users', async (c) => c.json({ users: await listAccounts(db) }));

  // A client registers the ed25519 app key it signs a user's webhook events with, as a real client
  // adds an app key for the user on chain (production checks keys on the hubs instead).
  app.post('/local-network/app-keys', async (c) => {
    const key = await jsonBody(c, appKeySchema);
    if (!(await findAccount(db, key.fid))) throw unknownFid(key.fid);
    await registerLocalAppKey(db, key);
    return c.json({ registered: true });
  });

  // "New user" in the dev host: an account whose custody key the dev host holds, with a funded wallet.
  app.post('/local-network/users', async (c) => {
    const request = await jsonBody(c, newLocalUserRequestSchema);
    const user = await signUpLocalUser(
      { db, publicUrl: config.publicUrl, chain: config.chain, funding: deps.funding },
      request,
    );
    return c.json({ user }, 201);
  });

  app.get('/local-network/users/:fid', async (c) => {
    const fid = fidParam(c.req.param('fid'));
    const user = await findAccount(db, fid);
    if (!user) throw unknownFid(fid);
    return c.json({ user });
  });

  app.post('/local-network/casts', async (c) => {
    const cast = await jsonBody(c, newCastRequestSchema);
    // Each compose is a new cast, even with the same text; the twins it concerns get it at once.
    const published = await twinActions.publishLocalCast({ ...cast, idempotencyKey: randomUUID() });
    if (published.status === 'unknown-author') throw unknownFid(cast.fid);
    if (published.status === 'unknown-parent')
      throw new HttpError(404, 'unknown_cast', `No local cast with hash ${cast.parentHash}`);
    return c.json({ hash: published.hash }, 201);
  });

  // The twins' accounts, for the dev host's direct-message panel.
  app.get('/local-network/twins', async (c) => c.json({ twins: await listTwinAccounts(db) }));

  // Direct messages between accounts; one to a twin is answered by the twin (twin-actions/).
  app.post('/local-network/direct-messages', async (c) => {
    const request = await jsonBody(c, newDirectMessageRequestSchema);
    if (request.fromFid === request.toFid)
      throw new HttpError(400, 'invalid_request', 'A direct message goes to another account');
    for (const fid of [request.fromFid, request.toFid]) if (!(await findAccount(db, fid))) throw unknownFid(fid);
    const message = await sendLocalDirectMessage(db, request);
    await twinActions.directMessageReceived({ ...message, id: String(message.id) });
    return c.json({ message }, 201);
  });

  app.get('/local-network/direct-messages', async (c) => {
    const query = directMessagesQuerySchema.safeParse(c.req.query());
    if (!query.success) throw new HttpError(400, 'invalid_query', 'fid and with must be fids; limit 1 to 200');
    return c.json({ messages: await localConversation(db, query.data.fid, query.data.with, query.data.limit) });
  });

  app.get('/local-network/casts/:hash', async (c) => {
    const hash = castHashSchema.safeParse(c.req.param('hash'));
    if (!hash.success) throw new HttpError(400, 'invalid_hash', 'A cast hash is 0x and 40 lowercase hex digits');
    const cast = await findCast(db, hash.data);
    if (!cast) throw new HttpError(404, 'unknown_cast', `No local cast with hash ${hash.data}`);
    return c.json({ cast });
  });

  app.get('/local-network/feed', async (c) => {
    const query = feedQuerySchema.parse(c.req.query());
    return c.json({ casts: await listRecentCasts(db, query) });
  });

  app.get('/local-network/avatars/:file', async (c) => {
    const fid = fidParam(c.req.param('file').replace(/\.svg$/, ''));
    const account = await findAccount(db, fid);
    if (!account) throw unknownFid(fid);
    c.header('content-type', 'image/svg+xml');
    c.header('cache-control', 'public, max-age=3600');
    return c.body(renderAvatarSvg(account.displayName, avatarColor(fid)));
  });
  return app;
}
