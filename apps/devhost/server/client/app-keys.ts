import { randomBytes } from 'node:crypto';
import type { EncodedJsonFarcasterSignatureSchema, MiniAppServerEvent } from '@farcaster/miniapp-core';
import { createJsonFarcasterSignature } from '@farcaster/miniapp-node';
import { ed25519 } from '@noble/curves/ed25519';
import { FARCASTER_CLIENT_FID } from '../../src/api/client-api.ts';
import { ClientHttpError } from './http-errors.ts';
import { BOT_SERVICE, callUpstream } from './upstream.ts';

/**
 * A user's app key: the ed25519 key a Farcaster client holds for each of its users and signs their
 * webhook events with (JSON Farcaster Signatures). Kept as its 32-byte private key, 0x-hex.
 */
export const newAppKeySecret = () => `0x${randomBytes(32).toString('hex')}`;

const seed = (secret: string) => Buffer.from(secret.slice(2), 'hex');

/** The public key (0x + 64 hex), as the bot service registers it and JFS headers carry it. */
export const appKeyPublicKey = (secret: string) =>
  `0x${Buffer.from(ed25519.getPublicKey(seed(secret))).toString('hex')}`;

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
