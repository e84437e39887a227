import { Hono } from 'hono';
import { readLifeIndexState } from '../platform/chain/life-index-state.ts';
import type { Lives } from '../platform/chain/lives.ts';
import type { Db } from '../platform/db/database.ts';
import { agentIdParam } from '../platform/http/agent-id-param.ts';
import { etagOf, matchesIfNoneMatch } from '../platform/http/caching.ts';
import { HttpError } from '../platform/http/errors.ts';
import { findTwin } from '../twins/index.ts';
import { imagePaths } from './app-identity.ts';
import { appCardSvg, iconSvg, svgToPng, twinEmbedSvg } from './images.ts';

/** How many rendered images are kept: the fixed four and the cards shared most recently. */
const RENDERED_IMAGES_KEPT = 200;

/** A twin's card may be reused this long: the battery drains, by the hour on the card. */
const CARD_MAX_AGE_SECONDS = 300;

/** The manifest Farcaster clients fetch, and the images it and the embeds point at. */
export function manifestRoutes(deps: { db: Db; lives: Lives; manifest: object }) {
  const app = new Hono();
  app.get('/.well-known/farcaster.json', (c) => c.json(deps.manifest));

  // Rendering takes the CPU for a good tenth of a second, so each image is rendered once per SVG: the
  // fixed images once, a twin's card again only when what it shows (name, hours left) changes.
  const rendered = new Map<string, Promise<Uint8Array>>();
  const render = (svg: string, options?: { opaque?: boolean }) => {
    let png = rendered.get(svg);
    if (!png) {
      png = svgToPng(svg, options);
      png.catch(() => rendered.delete(svg));
      rendered.set(svg, png);
      if (rendered.size > RENDERED_IMAGES_KEPT) rendered.delete(rendered.keys().next().value!);
    }
    return png;
  };
  const cacheFor = (maxAgeSeconds: number) => `public, max-age=${maxAgeSeconds}`;
  const png = async (svg: string, maxAgeSeconds: number, options?: { opaque?: boolean }) =>
    new Response(Buffer.from(await render(svg, options)), {
      headers: { 'content-type': 'image/png', 'cache-control': cacheFor(maxAgeSeconds) },
    });
  // Farcaster asks for an icon without alpha; Base discourages transparency.
  app.get(imagePaths.icon, () => png(iconSvg(1024), 86_400, { opaque: true }));
  app.get(imagePaths.splash, () => png(iconSvg(200), 86_400));
  app.get(imagePaths.embed, () => png(appCardSvg('embed'), 86_400));
  app.get(imagePaths.og, () => png(appCardSvg('og'), 86_400));

  // A twin's card: its name and battery now, so a shared link shows whether it needs a revival.
  app.get('/images/agents/:file{.+\\.png}', async (c) => {
    // Hono has already decoded the path parameter.
    const agentId = agentIdParam(c.req.param('file').replace(/\.png$/, ''));
    const twin = await findTwin(deps.db, agentId);
    if (!twin) throw new HttpError(404, 'unknown_agent', `No agent with id ${agentId}`);
    // From the index, as the directory: an unknown life shows as unknown, never as an empty battery.
    const [lives, index] = await Promise.all([deps.lives.of([agentId]), readLifeIndexState(deps.db)]);
    const expiresAt = lives.get(agentId)?.expiresAt ?? null;
    const svg = twinEmbedSvg({
      displayName: twin.twin.displayName,
      username: twin.twin.username,
      tokenSymbol: twin.token.symbol,
      secondsLeft: expiresAt === null ? null : Math.max(0, expiresAt - index.nowSeconds),
    });
    // The card is known before it is rendered: a client holding it gets a 304 without the rendering.
    const tag = etagOf(svg);
    if (matchesIfNoneMatch(c.req.header('if-none-match'), tag)) {
      return new Response(null, {
        status: 304,
        headers: { etag: tag, 'cache-control': cacheFor(CARD_MAX_AGE_SECONDS) },
      });
    }
    const response = await png(svg, CARD_MAX_AGE_SECONDS);
    response.headers.set('etag', tag);
    return response;
  });
  return app;
}
