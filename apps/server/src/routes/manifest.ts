import { Hono } from 'hono';
import type { PublicClient } from 'viem';
import { findAgent } from '../agents/repository.ts';
import { chainNowSeconds, type LifeReader } from '../chain/life.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { imagePaths } from '../manifest/app-identity.ts';
import { agentEmbedSvg, appEmbedSvg, iconSvg, svgToPng } from '../manifest/images.ts';

/** The manifest Farcaster clients fetch, and the images it and the embeds point at. */
export function manifestRoutes(deps: { db: Db; chain: PublicClient; life: LifeReader; manifest: object }) {
  const app = new Hono();
  app.get('/.well-known/farcaster.json', (c) => c.json(deps.manifest));

  const png = (bytes: Uint8Array, maxAgeSeconds: number) =>
    new Response(Buffer.from(bytes), {
      headers: { 'content-type': 'image/png', 'cache-control': `public, max-age=${maxAgeSeconds}` },
    });
  // The fixed images are rendered once, on first request.
  const fixed = new Map<string, Promise<Uint8Array>>();
  const once = (path: string, svg: () => string) => {
    if (!fixed.has(path)) fixed.set(path, svgToPng(svg()));
    return fixed.get(path)!;
  };
  app.get(imagePaths.icon, async () => png(await once(imagePaths.icon, () => iconSvg(1024)), 86_400));
  app.get(imagePaths.splash, async () => png(await once(imagePaths.splash, () => iconSvg(200)), 86_400));
  app.get(imagePaths.embed, async () => png(await once(imagePaths.embed, appEmbedSvg), 86_400));

  // A twin's card: its name and battery now, so a shared link shows whether it needs a revival.
  app.get('/images/agents/:file{.+\\.png}', async (c) => {
    const agentId = decodeURIComponent(c.req.param('file').replace(/\.png$/, ''));
    const agent = await findAgent(deps.db, agentId);
    if (!agent) throw new HttpError(404, 'unknown_agent', `No agent with id ${agentId}`);
    const [expirations, now] = await Promise.all([
      deps.life.expirations([agentId]).catch(() => new Map<string, number>()),
      chainNowSeconds(deps.chain).catch(() => Math.floor(Date.now() / 1000)),
    ]);
    const svg = agentEmbedSvg({
      displayName: agent.twin.displayName,
      username: agent.twin.username,
      tokenSymbol: agent.token.symbol,
      secondsLeft: Math.max(0, (expirations.get(agentId) ?? 0) - now),
    });
    // Short cache: the battery drains.
    return png(await svgToPng(svg), 300);
  });
  return app;
}
