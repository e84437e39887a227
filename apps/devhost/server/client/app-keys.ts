import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import type { EncodedJsonFarcasterSignatureSchema, MiniAppServerEvent } from '@farcaster/miniapp-core';
import { createJsonFarcasterSignature } from '@farcaster/miniapp-node';
import { FARCASTER_CLIENT_FID } from '../../src/api/client-api.ts';
import { ClientHttpError } from './http-errors.ts';
import { BOT_SERVICE, callUpstream } from './upstream.ts';

/**
 * A user's app key: the ed25519 key a Farcaster client holds for each of its users and signs their
 * webhook events with (JSON Farcaster Signatures). Kept as its 32-byte private key, 0x-hex.
 */
export const newAppKeySecret = () => `0x${randomBytes(32).toString('hex')}`;

const seed = (secret: string) => Buffer.from(secret.slice(2), 'hex');

/** The DER header of an ed25519 PKCS#8 key (RFC 8410): with it node:crypto takes the raw 32-byte seed. */
const ED25519_PKCS8_HEADER = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The public key (0x + 64 hex), as the bot service registers it and JFS headers carry it. */
export function appKeyPublicKey(secret: string): string {
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_HEADER, seed(secret)]),
    format: 'der',
    type: 'pkcs8',
  });
  // An ed25519 SPKI ends with the 32 raw bytes of the public key.
  return `0x${createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex')}`;
}

/** The event as a mini-app server's webhook receives it: signed by the user's app key. */
export function signEvent(fid: number, secret: string, event: MiniAppServerEvent): EncodedJsonFarcasterSignatureSchema {
  return createJsonFarcasterSignature({
    fid,
    type: 'app_key',
    privateKey: seed(secret),
    payload: new TextEncoder().encode(JSON.stringify(event)),
  });
}

/**
 * Registers the key as the user's app key for this client at the local network, as a real client
 * adds it on chain; a mini-app server accepts only events signed by registered keys. Re-registering
 * is harmless, and needed after the bot service's database was reset.
 */
export async function registerAppKey(apiUrl: string, fid: number, secret: string): Promise<void> {
  const url = `${apiUrl}/local-network/app-keys`;
  const answer = await callUpstream(BOT_SERVICE, url, {
    fid,
    appFid: FARCASTER_CLIENT_FID,
    publicKey: appKeyPublicKey(secret),
  });
  if (answer.ok) return;
  if (answer.code === 'unknown_fid') throw new ClientHttpError(404, 'unknown_fid', answer.reason);
  throw new ClientHttpError(
    502,
    'app_key_refused',
    `The bot service at ${url} refused the app key of fid ${fid}: ${answer.reason}`,
  );
}
