import { z } from 'zod/mini';
import { storableText } from './input-text.ts';

export { walletSignInErrorCodes, walletSignInPaths } from './wallet-sign-in-paths.ts';

export const walletSignInNonceResponseSchema = z.object({ nonce: z.string().check(z.minLength(8), z.maxLength(64)) });
export type WalletSignInNonceResponse = z.infer<typeof walletSignInNonceResponseSchema>;

export const walletSignInRequestSchema = z.object({
  /** The EIP-4361 message as signed (personal_sign). */
  message: storableText(z.string().check(z.minLength(1), z.maxLength(2_000))),
  /**
   * 65 bytes from a plain account; a smart wallet's (ERC-1271, or ERC-6492 wrapping its factory call
   * before it is deployed, as a new Coinbase Smart Wallet's) runs to a few kilobytes of hex.
   */
  signature: z
    .string()
    .check(z.regex(/^0x[0-9a-fA-F]{130,}$/, 'must be a 0x-prefixed hex signature'), z.maxLength(8_000)),
});
export type WalletSignInRequest = z.infer<typeof walletSignInRequestSchema>;

export const walletSignInResponseSchema = z.object({
  /** A bearer token for the API, like a Quick Auth token. */
  token: z.string(),
  fid: z.int().check(z.positive()),
  username: z.string(),
  /** The signed-in address, checksummed. */
  address: z.string(),
  /** ISO time the token stops working. */
  expiresAt: z.string(),
});
export type WalletSignInResponse = z.infer<typeof walletSignInResponseSchema>;

export const walletSignOutResponseSchema = z.object({ signedOut: z.literal(true), fid: z.int().check(z.positive()) });
export type WalletSignOutResponse = z.infer<typeof walletSignOutResponseSchema>;
