// Without zod: the app's first load (sign out) takes the paths and leaves the schemas to sign-in.

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
