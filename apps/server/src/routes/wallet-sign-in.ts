import {
  type WalletSignInNonceResponse,
  type WalletSignInResponse,
  walletSignInPaths,
  walletSignInRequestSchema,
} from '@fartwin/protocol';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { WalletNonces } from '../auth/wallet-nonces.ts';
import { jsonBody } from '../http/json-body.ts';

/**
 * Web mode's sign-in with a wallet (EIP-4361), outside a Farcaster client. The mini-app may be on
 * another origin in dev, hence CORS; the per-IP rate limits sit in app.ts with the others.
 */
export function walletSignInRoutes(deps: {
  nonces: WalletNonces;
  signIn: (input: { message: string; signature: `0x${string}` }) => Promise<WalletSignInResponse>;
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
  return app;
}
