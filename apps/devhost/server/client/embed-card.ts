import { type EmbedCard, embedCardSchema } from '../../src/embeds/embed-card.ts';
import { ClientHttpError } from './http-errors.ts';

const TIMEOUT_MS = 10_000;
/** A page's head is at its start; a longer page is not read further. */
const MAX_HTML_CHARS = 200_000;

const ENTITIES: Record<string, string> = { '&quot;': '"', '&#39;': "'", '&apos;': "'", '&lt;': '<', '&gt;': '>' };
const unescapeHtml = (text: string) =>
  text.replace(/&(?:quot|#39|apos|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity).replaceAll('&amp;', '&');

/** The `fc:miniapp` meta tag's embed (or the older `fc:frame`'s) in a page's HTML; null without a valid one. */
export function embedFromHtml(html: string): EmbedCard | null {
  const tags = new Map<string, string>();
  for (const [tag] of html.slice(0, MAX_HTML_CHARS).matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = new Map(
      [...tag.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)].map(([, name, value]) => [name!.toLowerCase(), value!]),
    );
    const key = attributes.get('name') ?? attributes.get('property');
    const content = attributes.get('content');
    if (key && content !== undefined) tags.set(key, unescapeHtml(content));
  }
  for (const key of ['fc:miniapp', 'fc:frame']) {
    const content = tags.get(key);
    if (!content) continue;
    try {
      const parsed = embedCardSchema.safeParse(JSON.parse(content));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: the next tag, or none.
    }
  }
  return null;
}

/**
 * What a client's feed shows for a link in a cast: the page's mini-app embed, read as a client's
 * backend reads it. Only the mini-app's own pages are read: the dev host is no proxy to anywhere.
 */
export async function readEmbedCard(url: string | undefined, miniappUrl: string): Promise<EmbedCard> {
  let page: URL;
  try {
    page = new URL(url ?? '');
  } catch {
    throw new ClientHttpError(400, 'invalid_url', 'url must be an absolute URL');
  }
  if (page.origin !== new URL(miniappUrl).origin) {
    throw new ClientHttpError(400, 'foreign_url', `Only the mini-app's pages (${new URL(miniappUrl).origin}) are read`);
  }
  let html: string;
  try {
    const response = await fetch(page, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new ClientHttpError(404, 'no_embed', `The page answered ${response.status}`);
    html = await response.text();
  } catch (error) {
    if (error instanceof ClientHttpError) throw error;
    throw new ClientHttpError(502, 'miniapp_unreachable', `The mini-app's server did not answer for ${page.href}`);
  }
  const embed = embedFromHtml(html);
  if (!embed) throw new ClientHttpError(404, 'no_embed', `${page.href} has no mini-app embed`);
  return embed;
}
