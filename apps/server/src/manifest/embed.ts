import { APP, imagePaths } from './app-identity.ts';
import { checkedUrl, imageUrl } from './app-urls.ts';
import { escapeXml } from './xml.ts';

/**
 * The fc:miniapp embed of a page: its image and a button that opens the app there. Throws
 * UrlTooLongError when one of its URLs breaks SPEC.md §5's 512 characters.
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

/**
 * The head tags that make a shared link render as a mini-app card: fc:miniapp, and fc:frame with
 * the older launch_frame action for clients that only read that.
 */
export function embedMetaTags(embed: Embed, title: string): string {
  const frame = { ...embed, button: { ...embed.button, action: { ...embed.button.action, type: 'launch_frame' } } };
  return [
    `<meta name="fc:miniapp" content="${escapeXml(JSON.stringify(embed))}" />`,
    `<meta name="fc:frame" content="${escapeXml(JSON.stringify(frame))}" />`,
    `<meta property="og:title" content="${escapeXml(title)}" />`,
    `<meta property="og:image" content="${escapeXml(embed.imageUrl)}" />`,
  ].join('\n    ');
}
