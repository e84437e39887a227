import { type QuickAuthVerifySiwfResponse, quickAuthPaths, quickAuthVerifySiwfRequestSchema } from '@fartwin/protocol';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { jsonBody } from '../platform/http/json-body.ts';
import { InvalidSiwfError, type LocalQuickAuth } from './local-quick-auth.ts';

/**
 * Local mode's Quick Auth server, on the paths `@farcaster/quick-auth` calls on its origin. The
 * mini-app (possibly on another origin in dev) calls them cross-origin, hence CORS.
 */
export function quickAuthRoutes(quickAuth: LocalQuickAuth) {
  const app = new Hono();
  for (const path of Object.values(quickAuthPaths)) app.use(path, cors());
  app.post(quickAuthPaths.nonce, async (c) => c.json({ nonce: await quickAuth.issueNonce() }));
  app.post(quickAuthPaths.verifySiwf, async (c) => {
    const request = await jsonBody(c, quickAuthVerifySiwfRequestSchema);
    try {
      const token = await quickAuth.verifySiwf({
        message: request.message,
        signature: request.signature as `0x${string}`,
        domain: request.domain,
      });
      return c.json({ token } satisfies QuickAuthVerifySiwfResponse);
    } catch (error) {
      // The SDK reads `{valid: false, message}` from a 200 and throws InvalidSiwfError with it.
      if (error instanceof InvalidSiwfError) {
        return c.json({ valid: false, message: error.message } satisfies QuickAuthVerifySiwfResponse);
      }
      throw error;
    }
  });
  app.get(quickAuthPaths.jwks, (c) => {
    c.header('cache-control', 'public, max-age=300');
    return c.json(quickAuth.jwks());
  });
  return app;
}
