import {
  type WalletSignInNonceResponse,
  type WalletSignInResponse,
  type WalletSignOutResponse,
  walletSignInErrorCodes,
  walletSignInPaths,
  walletSignInRequestSchema,
} from '@fartwin/protocol';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HttpError } from '../platform/http/errors.ts';
import { jsonBody } from '../platform/http/json-body.ts';
import { bearerToken, verifyBearer } from './require-auth.ts';
import type { WalletNonces } from './wallet-nonces.ts';
import type { WalletSessions } from './wallet-sessions.ts';

/**
 * Web mode's sign-in with a wallet (EIP-4361), outside a Farcaster client. The mini-app may be on
 * another origin in dev, hence CORS; the per-IP rate limits sit in app.ts with the others.
 */
export function walletSignInRoutes(deps: {
  nonces: WalletNonces;
  signIn: (input: { message: string; signature: `0x${string}` }) => Promise<WalletSignInResponse>;
  sessions: WalletSessions;
}) {
  const app = new Hono();
  for (const path of Object.values(walletSignInPaths)) app.use(path, cors());
  app.post(walletSignInPaths.nonce, async (c) =>
    c.json({ nonce: await deps.nonces.issue() } satisfies WalletSignInNonceResponse),
  );
  app.post(walletSignInPaths.signIn, async (c) => {
    const request = await jsonBody(c, walletSignInRequestSchema);
    c.header('cache-control', 'no-store');
    return c.json(await deps.signIn({ message: request.message, signature: request.signature as `0x${string}` }));
  });
  // Ends the session the request is authenticated with, on every replica (auth/wallet-sessions.ts).
  app.post(walletSignInPaths.signOut, async (c) => {
    const token = bearerToken(c);
    if (!deps.sessions.claimsToBeSession(token)) {
      throw new HttpError(
        400,
        walletSignInErrorCodes.notAWalletSession,
        'Only a wallet sign-in session can be signed out here; a Quick Auth token ends on its own.',
      );
    }
    const { fid } = await verifyBearer(token, deps.sessions.signOut);
    c.header('cache-control', 'no-store');
    return c.json({ signedOut: true, fid } satisfies WalletSignOutResponse);
  });
  return app;
}
