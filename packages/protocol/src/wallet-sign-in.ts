import { z } from 'zod';
import { storableText } from './input-text.ts';

/**
 * Web mode's sign-in (outside a Farcaster client): the wallet signs an EIP-4361 message carrying a
 * nonce from the bot service, which maps the address to the Farcaster account that holds or has
 * verified it and answers with a session token. The token goes in `Authorization: Bearer`, exactly
 * like a Quick Auth token, and the same `requireAuth` checks both.
 */
export const walletSignInPaths = {
  /** POST → WalletSignInNonceResponse. */
  nonce: '/auth/wallet/nonce',
  /** POST WalletSignInRequest → WalletSignInResponse; 401 `sign_in_failed`, 403 `no_farcaster_account`. */
  signIn: '/auth/wallet/sign-in',
  /**
   * POST with the session as bearer token, no body → WalletSignOutResponse: the session ends on every
   * replica. 401 `unauthorized` (no live session), 400 `not_a_wallet_session` (a Quick Auth token).
   */
  signOut: '/auth/wallet/sign-out',
} as const;

/** Error codes a wallet sign-in can answer with, besides the general ones (400, 429, 503). */
export const walletSignInErrorCodes = {
  /** The message or signature does not check out (domain, nonce, expiry, signer). */
  signInFailed: 'sign_in_failed',
  /** The signature is good, but no Farcaster account holds or has verified the address. */
  noFarcasterAccount: 'no_farcaster_account',
  /** 503 with Retry-After: the chain (a smart wallet's signature) or Neynar (the account) did not answer. */
  signInUnavailable: 'sign_in_unavailable',
  /** Sign-out was sent a bearer token that is not a wallet session (Quick Auth's end on their own). */
  notAWalletSession: 'not_a_wallet_session',
} as const;

export const walletSignInNonceResponseSchema = z.object({ nonce: z.string().min(8).max(64) });
export type WalletSignInNonceResponse = z.infer<typeof walletSignInNonceResponseSchema>;

export const walletSignInRequestSchema = z.object({
  /** The EIP-4361 message as signed (personal_sign). */
  message: storableText(z.string().min(1).max(2_000)),
  /**
   * 65 bytes from a plain account; a smart wallet's (ERC-1271, or ERC-6492 wrapping its factory call
   * before it is deployed, as a new Coinbase Smart Wallet's) runs to a few kilobytes of hex.
   */
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]{130,}$/, 'must be a 0x-prefixed hex signature')
    .max(8_000),
});
export type WalletSignInRequest = z.infer<typeof walletSignInRequestSchema>;

export const walletSignInResponseSchema = z.object({
  /** A bearer token for the API, like a Quick Auth token. */
  token: z.string(),
  fid: z.number().int().positive(),
  username: z.string(),
  /** The signed-in address, checksummed. */
  address: z.string(),
  /** ISO time the token stops working. */
  expiresAt: z.string(),
});
export type WalletSignInResponse = z.infer<typeof walletSignInResponseSchema>;

export const walletSignOutResponseSchema = z.object({ signedOut: z.literal(true), fid: z.number().int().positive() });
export type WalletSignOutResponse = z.infer<typeof walletSignOutResponseSchema>;
