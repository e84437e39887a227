import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { domainManifestSchema, safeParseMiniAppEmbed, sendNotificationRequestSchema } from '@farcaster/miniapp-core';
import { devAccount, OPERATOR_ACCOUNT_INDEX } from '@fartwin/localstack/dev-accounts';
import { pino } from 'pino';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { buildManifest, InvalidManifestError, isIndexed, manifestProblems } from '../src/manifest/manifest.ts';
import { createChainClient } from '../src/platform/chain/client.ts';
import { loadConfig } from '../src/platform/config/config.ts';
import { startJobQueue } from '../src/platform/jobs/job-queue.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { PRODUCTION_TEST_ENV, startTestServer, type TestServer } from './harness.ts';
import { createTwin, twinAgentId } from './twins.ts';

const ORIGIN = 'https://fartwin.example.com';
/** The mini-app's files copied into its build as they are. */
const MINIAPP_PUBLIC = fileURLToPath(new URL('../../miniapp/public', import.meta.url));

/**
 * Base's published manifest fields (base/docs, mini-apps/core-concepts/manifest): the required
 * ones, and each field's documented limit on its text, its list or its image.
 */
const BASE_REQUIRED = [
  'version',
  'name',
  'homeUrl',
  'iconUrl',
  'splashImageUrl',
  'splashBackgroundColor',
  'primaryCategory',
  'tags',
] as const;
const BASE_OPTIONAL = [
  'noindex',
  'subtitle',
  'description',
  'tagline',
  'heroImageUrl',
  'screenshotUrls',
  'webhookUrl',
  'ogTitle',
  'ogDescription',
  'ogImageUrl',
] as const;
const BASE_TEXT_LIMITS = { name: 32, subtitle: 30, description: 170, tagline: 30, ogTitle: 30, ogDescription: 100 };
const BASE_IMAGE_SIZES = {
  iconUrl: { width: 1024, height: 1024 },
  heroImageUrl: { width: 1200, height: 630 },
  ogImageUrl: { width: 1200, height: 630 },
};
type ServedManifest = { miniapp: Record<string, unknown> };
/** Farcaster's own fields the Base page does not list; any other key would be a typo or deprecated. */
const FARCASTER_ONLY = ['castShareUrl', 'canonicalDomain', 'requiredChains'];

const fromBase64url = (text: string) => JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.slice(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('the manifest, the embeds and their images', () => {
  let server: TestServer;
  const dist = mkdtempSync(join(tmpdir(), 'fartwin-dist-'));

  beforeAll(async () => {
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>Fartwin</title></head><body></body></html>',
    );
    server = await startTestServer({ PUBLIC_URL: ORIGIN, ALLOW_EXPOSED_LOCAL_MODE: 'true', MINIAPP_DIST: dist });
    await seedLocalNetwork(server.db, ORIGIN);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves a manifest that passes the Farcaster schema, with a signed account association', async () => {
    const response = await server.app.request('/.well-known/farcaster.json');
    expect(response.status).toBe(200);
    const manifest = await response.json();
    const parsed = domainManifestSchema.parse(manifest);
    expect(manifestProblems(manifest)).toEqual([]);
    expect(parsed.miniapp).toMatchObject({
      version: '1',
      name: 'Fartwin',
      homeUrl: `${ORIGIN}/`,
      castShareUrl: `${ORIGIN}/`,
      webhookUrl: `${ORIGIN}/webhook`,
      primaryCategory: 'social',
      requiredChains: ['eip155:8453'],
    });
    expect(parsed.frame).toEqual(parsed.miniapp);
    // Discovery and previews, and never the deprecated imageUrl and buttonTitle.
    const fields = (manifest as ServedManifest).miniapp;
    expect(fields).toMatchObject({
      tagline: 'An agent that talks like you',
      ogTitle: 'Fartwin, your AI twin',
      ogDescription: expect.any(String),
      heroImageUrl: `${ORIGIN}/images/og.png`,
      ogImageUrl: `${ORIGIN}/images/og.png`,
      canonicalDomain: 'fartwin.example.com',
      // Local mode, even on a public-looking URL: never indexed.
      noindex: true,
    });
    expect(fields).not.toHaveProperty('imageUrl');
    expect(fields).not.toHaveProperty('buttonTitle');
    // No client is named in words that every client shows.
    for (const field of ['subtitle', 'description', 'tagline', 'ogTitle', 'ogDescription']) {
      expect(fields[field]).not.toMatch(/farcaster|base app|warpcast/i);
    }

    const { header, payload, signature } = parsed.accountAssociation;
    const decodedHeader = fromBase64url(header);
    expect(decodedHeader).toMatchObject({ type: 'custody', key: devAccount(OPERATOR_ACCOUNT_INDEX).address });
    expect(fromBase64url(payload)).toEqual({ domain: 'fartwin.example.com' });
    const valid = await verifyMessage({
      address: decodedHeader.key,
      message: `${header}.${payload}`,
      signature: `0x${Buffer.from(signature, 'base64url').toString('hex')}`,
    });
    expect(valid).toBe(true);
  });

  it("holds every field to Base's published list: the required ones, their limits and image sizes, nothing else", async () => {
    const response = await server.app.request('/.well-known/farcaster.json');
    const fields = ((await response.json()) as ServedManifest).miniapp;
    for (const field of BASE_REQUIRED) expect(fields[field], field).toBeDefined();
    expect(
      Object.keys(fields).filter((key) => ![...BASE_REQUIRED, ...BASE_OPTIONAL, ...FARCASTER_ONLY].includes(key)),
    ).toEqual([]);
    expect(fields.version).toBe('1');
    for (const [field, max] of Object.entries(BASE_TEXT_LIMITS)) {
      expect((fields[field] as string).length, field).toBeLessThanOrEqual(max);
    }
    // Up to 5 tags, each at most 20 characters, lowercase, no spaces, emojis or special characters.
    const tags = fields.tags as string[];
    expect(tags.length).toBeLessThanOrEqual(5);
    for (const tag of tags) expect(tag).toMatch(/^[a-z0-9-]{1,20}$/);
    expect(fields.splashBackgroundColor).toMatch(/^#[0-9a-fA-F]{6}$/);
    expect(typeof fields.noindex).toBe('boolean');
    for (const [field, size] of Object.entries(BASE_IMAGE_SIZES)) {
      const image = await server.app.request(new URL(fields[field] as string).pathname);
      expect(image.headers.get('content-type'), field).toBe('image/png');
      expect(pngSize(new Uint8Array(await image.arrayBuffer())), field).toEqual(size);
    }
    // Three portrait screenshots of 1284×2778, files of the mini-app's build (public/ is copied as is).
    const screenshots = fields.screenshotUrls as string[];
    expect(screenshots).toHaveLength(3);
    for (const url of screenshots) {
      const { origin, pathname } = new URL(url);
      expect(origin).toBe(new URL(fields.homeUrl as string).origin);
      const file = readFileSync(join(MINIAPP_PUBLIC, pathname));
      expect(pngSize(file), pathname).toEqual({ width: 1284, height: 2778 });
    }
  });

  it('is indexed only on the production domain in production mode; baseBuilder names the Base Build account when set', async () => {
    const production = { mode: 'production', publicUrl: ORIGIN, canonicalDomain: 'fartwin.example.com' } as const;
    expect(isIndexed(production)).toBe(true);
    expect(isIndexed({ ...production, publicUrl: 'https://staging.fartwin.example.com' })).toBe(false);
    expect(isIndexed({ ...production, mode: 'local' })).toBe(false);

    const staging = loadConfig({
      PUBLIC_URL: 'https://staging.fartwin.example.com',
      CANONICAL_DOMAIN: 'fartwin.example.com',
      ALLOW_EXPOSED_LOCAL_MODE: 'true',
      BASE_BUILDER_OWNER_ADDRESS: devAccount(OPERATOR_ACCOUNT_INDEX).address,
    });
    const manifest = await buildManifest(staging);
    expect(manifest.miniapp).toMatchObject({ canonicalDomain: 'fartwin.example.com', noindex: true });
    expect(manifest).toMatchObject({ baseBuilder: { ownerAddress: devAccount(OPERATOR_ACCOUNT_INDEX).address } });
    expect(manifestProblems(manifest)).toEqual([]);
    expect(() => loadConfig({ CANONICAL_DOMAIN: 'https://fartwin.example.com/' })).toThrow(/CANONICAL_DOMAIN/);
  });

  it('renders the icon as an RGB PNG without alpha, every pixel as drawn', async () => {
    const bytes = Buffer.from(await (await server.app.request('/images/icon.png')).arrayBuffer());
    expect(pngSize(bytes)).toEqual({ width: 1024, height: 1024 });
    // IHDR: bit depth 8, colour type 2 (RGB, no alpha).
    expect([bytes[24], bytes[25]]).toEqual([8, 2]);
    // One IDAT after IHDR: rows of a filter byte and 3 bytes a pixel.
    const idatLength = bytes.readUInt32BE(33);
    expect(bytes.toString('ascii', 37, 41)).toBe('IDAT');
    const rows = inflateSync(bytes.subarray(41, 41 + idatLength));
    expect(rows.length).toBe(1024 * (1 + 1024 * 3));
    // The top-left corner is the background's first colour (#241733), not a hole turned black.
    expect([...rows.subarray(1, 4)]).toEqual([0x24, 0x17, 0x33]);
  });

  it('renders the icon, splash, embed and Open Graph images as PNGs of the right size', async () => {
    for (const [path, size] of [
      ['/images/icon.png', { width: 1024, height: 1024 }],
      ['/images/splash.png', { width: 200, height: 200 }],
      ['/images/embed.png', { width: 1200, height: 800 }],
      ['/images/og.png', { width: 1200, height: 630 }],
    ] as const) {
      const response = await server.app.request(path);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual(size);
    }
  });

  it('puts a valid fc:miniapp and fc:frame embed in every page, the twin’s card on its agent page', async () => {
    const twin = await createTwin(server.db, 1001);
    const metaContent = (html: string, name: string) => {
      const match = new RegExp(`<meta name="${name}" content="([^"]+)"`).exec(html);
      return JSON.parse(match![1]!.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&amp;', '&'));
    };

    const home = await (await server.app.request('/')).text();
    const homeEmbed = safeParseMiniAppEmbed(metaContent(home, 'fc:miniapp'));
    expect(homeEmbed.success).toBe(true);
    expect(homeEmbed.data).toMatchObject({
      version: '1',
      imageUrl: `${ORIGIN}/images/embed.png`,
      button: { action: { type: 'launch_miniapp', url: `${ORIGIN}/` } },
    });
    // Link previews outside mini-app clients: the 1.91:1 image, the title and the description.
    expect(home).toContain(`<meta property="og:image" content="${ORIGIN}/images/og.png" />`);
    expect(home).toContain('<meta property="og:title" content="Fartwin, your AI twin" />');
    expect(home).toContain('<meta property="og:description" content="Answer eight questions');
    const frameEmbed = safeParseMiniAppEmbed(metaContent(home, 'fc:frame'));
    expect(frameEmbed.data?.button.action.type).toBe('launch_frame');

    const twinPage = await (await server.app.request(`/agent/${twin.agentId}`)).text();
    const twinEmbed = safeParseMiniAppEmbed(metaContent(twinPage, 'fc:miniapp'));
    expect(twinEmbed.success).toBe(true);
    expect(twinEmbed.data?.imageUrl).toBe(`${ORIGIN}/images/agents/${twin.agentId}.png`);
    expect(twinEmbed.data?.button.action).toMatchObject({ url: `${ORIGIN}/agent/${twin.agentId}` });

    const card = await server.app.request(`/images/agents/${twin.agentId}.png`);
    expect(card.status).toBe(200);
    expect(pngSize(new Uint8Array(await card.arrayBuffer()))).toEqual({ width: 1200, height: 800 });
    // A client (or CDN) holding the card revalidates it with its ETag and gets a bodiless 304.
    const cardTag = card.headers.get('etag');
    expect(cardTag).toMatch(/^"[\w-]+"$/);
    const unchanged = await server.app.request(`/images/agents/${twin.agentId}.png`, {
      headers: { 'if-none-match': `W/"other", ${cardTag}` },
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await unchanged.text()).toBe('');
    expect((await server.app.request(`/images/agents/${twinAgentId('nobody')}.png`)).status).toBe(404);
    expect((await server.app.request('/images/agents/nobody.png')).status).toBe(400);
  });

  it('names every broken manifest, embed and notification limit through the real schemas', async () => {
    const manifest = await buildManifest(loadConfig({ PUBLIC_URL: ORIGIN, ALLOW_EXPOSED_LOCAL_MODE: 'true' }));
    const broken = (change: Record<string, unknown>) => {
      const miniapp = { ...manifest.miniapp, ...change };
      return manifestProblems({ ...manifest, miniapp, frame: miniapp }).join('\n');
    };
    expect(broken({ iconUrl: 'http://fartwin.example.com/icon.png' })).toContain('Must be an https url');
    expect(broken({ homeUrl: `${ORIGIN}/${'a'.repeat(520)}` })).toContain(
      'miniapp.homeUrl: Must be at most 512 characters',
    );
    expect(broken({ splashBackgroundColor: 'purple' })).toContain(
      'Invalid hex color code. It should be in the format #RRGGBB or #RGB.',
    );
    expect(broken({ splashBackgroundColor: '#abc' })).toBe('');
    expect(broken({ name: 'n'.repeat(33) })).toContain('miniapp.name');
    expect(broken({ name: 'n'.repeat(32) })).toBe('');
    expect(broken({ buttonTitle: 'b'.repeat(33) })).toContain('miniapp.buttonTitle');

    const embed = {
      version: 'next',
      imageUrl: `${ORIGIN}/images/embed.png`,
      aspectRatio: '3:2',
      button: { title: 'Buy $TWIN', action: { type: 'view_token', token: 'eip155:8453/erc20:0xabc' } },
    };
    expect(safeParseMiniAppEmbed(embed).success).toBe(true);
    const badToken = { ...embed, button: { ...embed.button, action: { type: 'view_token', token: 'not-an-asset' } } };
    expect(JSON.stringify(safeParseMiniAppEmbed(badToken).error?.issues)).toContain('Invalid CAIP-19 asset ID');
    expect(safeParseMiniAppEmbed({ ...embed, button: { ...embed.button, title: 't'.repeat(33) } }).success).toBe(false);
    expect(safeParseMiniAppEmbed({ ...embed, aspectRatio: '16:9' }).success).toBe(false);

    const notification = {
      notificationId: 'n'.repeat(128),
      title: 't'.repeat(32),
      body: 'b'.repeat(128),
      targetUrl: `${ORIGIN}/`,
      tokens: Array.from({ length: 100 }, (_, index) => `token-${index}`),
    };
    expect(sendNotificationRequestSchema.safeParse(notification).success).toBe(true);
    for (const tooLong of [
      { notificationId: 'n'.repeat(129) },
      { title: 't'.repeat(33) },
      { body: 'b'.repeat(129) },
      { tokens: [...notification.tokens, 'one-more'] },
      { targetUrl: 'http://fartwin.example.com/' },
    ]) {
      expect(sendNotificationRequestSchema.safeParse({ ...notification, ...tooLong }).success).toBe(false);
    }
  });

  it('stops a production start-up whose manifest is invalid, naming the problem', async () => {
    const config = loadConfig({
      ...PRODUCTION_TEST_ENV,
      PUBLIC_URL: `${ORIGIN}/${'x'.repeat(520)}`,
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
      CHAIN_RPC_URL: server.anvil.rpcUrl,
    });
    const logger = pino({ level: 'silent' });
    const jobs = await startJobQueue(server.config.databaseUrl, logger);
    try {
      const starting = createApp({
        config,
        db: server.db,
        chain: createChainClient(server.anvil.rpcUrl),
        logger,
        jobs,
      });
      await expect(starting).rejects.toThrow(InvalidManifestError);
      await expect(starting).rejects.toThrow(/iconUrl: Must be at most 512 characters/);
    } finally {
      await jobs.stop({ graceful: false, wait: true });
    }
  });
});
