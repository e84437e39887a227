import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { renderAvatarSvg } from '../social/avatar.ts';
import { listAccounts, sampleUserColor } from '../social/local-network.ts';

/**
 * Local mode's Farcaster: the public reads a client (the dev host) needs from the local social
 * network. Mounted only in local mode.
 */
export function localNetworkRoutes(deps: { db: Db }) {
  const app = new Hono();
  app.use('/local-network/*', cors());
  app.get('/local-network/users', async (c) => c.json({ users: await listAccounts(deps.db) }));
  app.get('/local-network/avatars/:file', async (c) => {
    const fid = Number(c.req.param('file').replace(/\.svg$/, ''));
    if (!Number.isInteger(fid) || fid <= 0)
      throw new HttpError(400, 'invalid_fid', 'Avatar fid must be a positive integer');
    const account = await deps.db
      .selectFrom('social_accounts')
      .select(['display_name'])
      .where('fid', '=', fid)
      .executeTakeFirst();
    if (!account) throw new HttpError(404, 'unknown_fid', `No local account with fid ${fid}`);
    c.header('content-type', 'image/svg+xml');
    c.header('cache-control', 'public, max-age=3600');
    return c.body(renderAvatarSvg(account.display_name, sampleUserColor(fid) ?? '#7c5cff'));
  });
  return app;
}
