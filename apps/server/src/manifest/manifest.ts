import { domainManifestSchema, type EncodedJsonFarcasterSignatureSchema } from '@farcaster/miniapp-core';
import { BASE_CHAIN_ID, LIMITS } from '@fartwin/protocol';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { appDomain } from '../auth/index.ts';
import type { ServerConfig } from '../platform/config/config.ts';
import { APP, imagePaths, WEBHOOK_PATH } from './app-identity.ts';
import { twinUrls } from './app-urls.ts';

/** Local mode: the app's account is fid 1, held by the operator key (there is no registry to check it). */
const LOCAL_APP_FID = 1;

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/**
 * Local mode's account association: a real JSON Farcaster Signature of the domain by a custody key,
 * so the manifest has the production shape; production uses the one Farcaster's tools made.
 */
async function localAccountAssociation(domain: string, operatorKey: Hex): Promise<EncodedJsonFarcasterSignatureSchema> {
  const custody = privateKeyToAccount(operatorKey);
  const header = base64url(JSON.stringify({ fid: LOCAL_APP_FID, type: 'custody', key: custody.address }));
  const payload = base64url(JSON.stringify({ domain }));
  const signature = await custody.signMessage({ message: `${header}.${payload}` });
  return { header, payload, signature: Buffer.from(signature.slice(2), 'hex').toString('base64url') };
}

/**
 * Kept out of search unless served from the production domain in production mode: local stacks,
 * tunnels and staging deployments are never listed.
 */
export function isIndexed(config: Pick<ServerConfig, 'mode' | 'publicUrl' | 'canonicalDomain'>): boolean {
  return config.mode === 'production' && new URL(config.publicUrl).hostname === config.canonicalDomain;
}

/**
 * /.well-known/farcaster.json, from config: the fields Farcaster's schema and Base's manifest
 * documentation list, without the deprecated ones (imageUrl, buttonTitle: the embed meta tags say
 * them now).
 */
export async function buildManifest(config: ServerConfig) {
  const origin = config.publicUrl;
  const miniapp = {
    version: '1',
    name: APP.name,
    iconUrl: `${origin}${imagePaths.icon}`,
    homeUrl: `${origin}/`,
    // Lists the app in clients' share sheets: the app reads the shared cast from the context (cast_share).
    castShareUrl: `${origin}/`,
    splashImageUrl: `${origin}${imagePaths.splash}`,
    splashBackgroundColor: APP.splashBackgroundColor,
    webhookUrl: `${origin}${WEBHOOK_PATH}`,
    subtitle: APP.subtitle,
    description: APP.description,
    primaryCategory: APP.primaryCategory,
    tags: [...APP.tags],
    tagline: APP.tagline,
    heroImageUrl: `${origin}${imagePaths.og}`,
    screenshotUrls: imagePaths.screenshots.map((path) => `${origin}${path}`),
    ogTitle: APP.ogTitle,
    ogDescription: APP.ogDescription,
    ogImageUrl: `${origin}${imagePaths.og}`,
    noindex: !isIndexed(config),
    canonicalDomain: config.canonicalDomain,
    requiredChains: [`eip155:${BASE_CHAIN_ID}`],
  };
  return {
    accountAssociation:
      config.accountAssociation ?? (await localAccountAssociation(appDomain(origin), config.operatorPrivateKey)),
    // Base's own key, beside Farcaster's (whose schema lets other keys be).
    ...(config.baseBuilderOwnerAddress ? { baseBuilder: { ownerAddress: config.baseBuilderOwnerAddress } } : {}),
    miniapp,
    // Older clients read `frame`; the schema wants it identical to `miniapp`.
    frame: miniapp,
  };
}

/** The schema's complaints about a manifest, and the app's stricter URL limit, one line each (empty when valid). */
export function manifestProblems(manifest: unknown): string[] {
  const parsed = domainManifestSchema.safeParse(manifest);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const config = (manifest as { miniapp?: Record<string, unknown> } | null)?.miniapp ?? {};
  for (const [field, value] of Object.entries(config)) {
    // Manifest URLs are at most 512 characters (the schema allows 1024).
    if (typeof value === 'string' && /Url$/.test(field) && value.length > LIMITS.urlChars) {
      problems.push(`miniapp.${field}: Must be at most ${LIMITS.urlChars} characters`);
    }
  }
  // The same rule holds for every URL twins add under the app's origin (their pages in casts and
  // embeds, their card images): refused here, at start-up, rather than when a twin casts.
  if (typeof config.homeUrl === 'string') {
    for (const [what, url] of Object.entries(twinUrls(config.homeUrl.replace(/\/$/, '')))) {
      if (url.length > LIMITS.urlChars) {
        problems.push(`${what} (${url.length} characters): Must be at most ${LIMITS.urlChars} characters`);
      }
    }
  }
  return problems;
}

/** Thrown at start-up in production when the manifest does not pass the schema. */
export class InvalidManifestError extends Error {
  override name = 'InvalidManifestError';
}
