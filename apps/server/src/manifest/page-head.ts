import { APP, imagePaths } from './app-identity.ts';
import { imageUrl, twinPageUrl, UrlTooLongError } from './app-urls.ts';
import { embedFor, embedMetaTags } from './embed.ts';

/** The head tags (embed) of the mini-app's pages: one set for the whole app, one per shared twin. */
export interface PageHeads {
  /** Every page but a twin's: the app's card, built once. */
  app: string;
  /** A shared agent page (/agent/{agentId}): that twin's card. */
  agent(agentId: string): string;
}

export function pageHeadTags(origin: string): PageHeads {
  const app = embedMetaTags(embedFor(origin, { url: `${origin}/`, imagePath: imagePaths.embed }), {
    title: APP.ogTitle,
    description: APP.ogDescription,
    imageUrl: imageUrl(origin, imagePaths.og),
  });
  return {
    app,
    agent: (agentId) => {
      try {
        return embedMetaTags(
          embedFor(origin, { url: twinPageUrl(origin, agentId), imagePath: imagePaths.agent(agentId) }),
          { title: `A ${APP.name} twin` },
        );
      } catch (error) {
        // The id comes from the path anyone can type: one too long for a valid card gets the app's.
        if (error instanceof UrlTooLongError) return app;
        throw error;
      }
    },
  };
}
