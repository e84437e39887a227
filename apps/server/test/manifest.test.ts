import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { domainManifestSchema, safeParseMiniAppEmbed, sendNotificationRequestSchema } from '@farcaster/miniapp-core';
import { devAccount, OPERATOR_ACCOUNT_INDEX } from '@fartwin/localstack/dev-accounts';
import { pino } from 'pino';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { createChainClient } from '../src/chain/client.ts';
import { loadConfig } from '../src/config/config.ts';
import { startJobQueue } from '../src/jobs/job-queue.ts';
import { buildManifest, InvalidManifestError, manifestProblems } from '../src/manifest/manifest.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { PRODUCTION_TEST_ENV, startTestServer, type TestServer } from './harness.ts';
import { createTwin, twinAgentId } from './twins.ts';

const ORIGIN = 'https://fartwin.example.com';
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

  it('renders the icon, splash and embed images as PNGs of the right size', async () => {
    for (const [path, size] of [
      ['/images/icon.png', { width: 1024, height: 1024 }],
      ['/images/splash.png', { width: 200, height: 200 }],
      ['/images/embed.png', { width: 1200, height: 800 }],
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
    const frameEmbed = safeParseMiniAppEmbed(metaContent(home, 'fc:frame'));
    expect(frameEmbed.data?.button.action.type).toBe('launch_frame');

    const agentPage = await (await server.app.request(`/agent/${twin.agentId}`)).text();
    const agentEmbed = safeParseMiniAppEmbed(metaContent(agentPage, 'fc:miniapp'));
    expect(agentEmbed.success).toBe(true);
    expect(agentEmbed.data?.imageUrl).toBe(`${ORIGIN}/images/agents/${twin.agentId}.png`);
    expect(agentEmbed.data?.button.action).toMatchObject({ url: `${ORIGIN}/agent/${twin.agentId}` });

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

  it('names every broken rule of SPEC.md §5 through the real schemas', async () => {
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
