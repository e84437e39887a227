import type { EncodedJsonFarcasterSignatureSchema } from '@farcaster/miniapp-core';
import { z } from 'zod';
import { ClientHttpError } from './http-errors.ts';
import { callUpstream, MINIAPP_SERVER } from './upstream.ts';

/**
 * Only the part of the manifest a client needs here. Not miniapp-core's domainManifestSchema: it
 * wants https URLs, and the local mini-app is served over http.
 */
const webhookConfigSchema = z.object({ webhookUrl: z.url().optional() }).optional();
const manifestSchema = z.object({ miniapp: webhookConfigSchema, frame: webhookConfigSchema });

/** Where the mini-app wants its events: the manifest's `miniapp.webhookUrl` (older manifests: `frame.webhookUrl`). */
export async function findWebhookUrl(miniappUrl: string): Promise<string> {
  const url = new URL('/.well-known/farcaster.json', miniappUrl).href;
  const answer = await callUpstream(MINIAPP_SERVER, url);
  if (!answer.ok) {
    throw new ClientHttpError(
      502,
      'manifest_unavailable',
      `The mini-app's manifest at ${url} could not be read: ${answer.reason}`,
    );
  }
  const manifest = manifestSchema.safeParse(answer.json);
  if (!manifest.success) {
    throw new ClientHttpError(
      502,
      'invalid_manifest',
      `The mini-app's manifest at ${url} is not valid: ${z.prettifyError(manifest.error)}`,
    );
  }
  const webhookUrl = manifest.data.miniapp?.webhookUrl ?? manifest.data.frame?.webhookUrl;
  if (!webhookUrl) {
    throw new ClientHttpError(
      502,
      'no_webhook_url',
      `The mini-app's manifest at ${url} has no miniapp.webhookUrl, so its server cannot be told who added it or where to send notifications`,
    );
  }
  return webhookUrl;
}

/** Posts a signed event; anything but a 2xx is the mini-app server's refusal, passed on in its words. */
export async function sendWebhookEvent(webhookUrl: string, signed: EncodedJsonFarcasterSignatureSchema) {
  const answer = await callUpstream(MINIAPP_SERVER, webhookUrl, signed);
  if (!answer.ok) {
    throw new ClientHttpError(502, 'webhook_refused', `The mini-app's server refused the webhook: ${answer.reason}`);
  }
}
