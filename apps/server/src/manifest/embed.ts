import { APP, imagePaths } from './app-identity.ts';
import { checkedUrl, imageUrl } from './app-urls.ts';
import { escapeXml } from './xml.ts';

/**
 * The fc:miniapp embed of a page: its image and a button that opens the app there. Throws
 * UrlTooLongError when one of its URLs is longer than the 512 characters a URL may have.
 */
export function embedFor(origin: string, page: { url: string; imagePath: string }) {
  return {
    version: '1',
    imageUrl: imageUrl(origin, page.imagePath),
    button: {
      title: APP.buttonTitle,
      action: {
        type: 'launch_miniapp',
        name: APP.name,
        url: checkedUrl(page.url, 'An embed’s page URL'),
        splashImageUrl: imageUrl(origin, imagePaths.splash),
        splashBackgroundColor: APP.splashBackgroundColor,
      },
    },
  } as const;
}

export type Embed = ReturnType<typeof embedFor>;

/** What a page says of itself to link previews (Open Graph): its title, and the app's its description and 1.91:1 image. */
export interface OpenGraph {
  title: string;
  description?: string;
  /** Without one, the embed's image (a twin's card). */
  imageUrl?: string;
}

/**
 * The head tags that make a shared link render as a mini-app card: fc:miniapp, and fc:frame with
 * the older launch_frame action for clients that only read that; and Open Graph for the others.
 */
export function embedMetaTags(embed: Embed, og: OpenGraph): string {
  const frame = { ...embed, button: { ...embed.button, action: { ...embed.button.action, type: 'launch_frame' } } };
  return [
    `<meta name="fc:miniapp" content="${escapeXml(JSON.stringify(embed))}" />`,
    `<meta name="fc:frame" content="${escapeXml(JSON.stringify(frame))}" />`,
    `<meta property="og:title" content="${escapeXml(og.title)}" />`,
    ...(og.description ? [`<meta property="og:description" content="${escapeXml(og.description)}" />`] : []),
    `<meta property="og:image" content="${escapeXml(og.imageUrl ?? embed.imageUrl)}" />`,
  ].join('\n    ');
}
