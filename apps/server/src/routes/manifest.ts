import { Hono } from 'hono';
import type { PublicClient } from 'viem';
import { findAgent } from '../agents/repository.ts';
import { chainNowSeconds, type LifeReader } from '../chain/life.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { imagePaths } from '../manifest/app-identity.ts';
import { agentEmbedSvg, appEmbedSvg, iconSvg, svgToPng } from '../manifest/images.ts';

/** How many rendered images are kept: the fixed three and the cards shared most recently. */
const RENDERED_IMAGES_KEPT = 200;

/** The manifest Farcaster clients fetch, and the images it and the embeds point at. */
export function manifestRoutes(deps: { db: Db; chain: PublicClient; life: LifeReader; manifest: object }) {
  const app = new Hono();
  app.get('/.well-known/farcaster.json', (c) => c.json(deps.manifest));

  // Rendering takes the CPU for a good tenth of a second, so each image is rendered once per SVG: the
  // fixed images once, a twin's card again only when what it shows (name, hours left) changes.
  const rendered = new Map<string, Promise<Uint8Array>>();
  const render = (svg: string) => {
    let png = rendered.get(svg);
    if (!png) {
      png = svgToPng(svg);
      png.catch(() => rendered.delete(svg));
      rendered.set(svg, png);
      if (rendered.size > RENDERED_IMAGES_KEPT) rendered.delete(rendered.keys().next().value!);
    }
    return png;
  };
  const png = async (svg: string, maxAgeSeconds: number) =>
    new Response(Buffer.from(await render(svg)), {
      headers: { 'content-type': 'image/png', 'cache-control': `public, max-age=${maxAgeSeconds}` },
    });
  app.get(imagePaths.icon, () => png(iconSvg(1024), 86_400));
  app.get(imagePaths.splash, () => png(iconSvg(200), 86_400));
  app.get(imagePaths.embed, () => png(appEmbedSvg(), 86_400));

  // A twin's card: its name and battery now, so a shared link shows whether it needs a revival.
  app.get('/images/agents/:file{.+\\.png}', async (c) => {
    // Hono has already decoded the path parameter.
    const agentId = c.req.param('file').replace(/\.png$/, '');
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
    return png(svg, 300);
  });
  return app;
}
