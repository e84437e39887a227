import { randomBytes } from 'node:crypto';
import { createJsonFarcasterSignature } from '@farcaster/miniapp-node';

/** The Farcaster client app the dev host plays (Warpcast's fid on the real network). */
export const CLIENT_FID = 9152;

/** A client's app key for one user: signs that user's events as JSON Farcaster Signatures. */
export function appKey(fid: number) {
  const privateKey = randomBytes(32);
  const sign = (payload: unknown, signerFid = fid) =>
    createJsonFarcasterSignature({
      fid: signerFid,
      type: 'app_key',
      privateKey,
      payload: new TextEncoder().encode(JSON.stringify(payload)),
    });
  const publicKey = JSON.parse(Buffer.from(sign({}).header, 'base64url').toString()).key as string;
  return { publicKey, sign };
}
