import { APP, imagePaths } from './app-identity.ts';
import { embedFor, embedMetaTags } from './embed.ts';

/** The head tags (embed) of the mini-app's pages: one set for the whole app, one per shared twin. */
export interface PageHeads {
  /** Every page but a twin's: the app's card, built once. */
  app: string;
  /** A shared agent page (/agent/{agentId}): that twin's card. */
  agent(agentId: string): string;
}

export function pageHeadTags(origin: string): PageHeads {
  return {
    app: embedMetaTags(embedFor(origin, { url: `${origin}/`, imagePath: imagePaths.embed }), APP.name),
    agent: (agentId) =>
      embedMetaTags(
        embedFor(origin, {
          url: `${origin}/agent/${encodeURIComponent(agentId)}`,
          imagePath: imagePaths.agent(agentId),
        }),
        `A ${APP.name} twin`,
      ),
  };
}
