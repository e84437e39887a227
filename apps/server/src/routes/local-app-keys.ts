import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { registerLocalAppKey } from '../notify/app-keys.ts';

const appKeySchema = z.object({
  fid: z.number().int().positive(),
  appFid: z.number().int().positive(),
  publicKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be an ed25519 public key: 0x and 64 hex characters'),
});

/**
 * Local mode: a client (the dev host) registers the ed25519 app key it signs a user's webhook
 * events with, as a real client adds an app key for the user on chain.
 */
export function localAppKeyRoutes(deps: { db: Db }) {
  const app = new Hono();
  app.use('/local-network/app-keys', cors());
  app.post('/local-network/app-keys', async (c) => {
    const key = await jsonBody(c, appKeySchema);
    const account = await deps.db
      .selectFrom('social_accounts')
      .select('fid')
      .where('fid', '=', key.fid)
      .executeTakeFirst();
    if (!account) throw new HttpError(404, 'unknown_fid', `No local account with fid ${key.fid}`);
    await registerLocalAppKey(deps.db, key);
    return c.json({ registered: true });
  });
  return app;
}
