import { APP, imagePaths } from './app-identity.ts';
import { embedFor, embedMetaTags } from './embed.ts';

/** A shared agent page (/agent/{agentId}) shows that twin's card; every other page the app's. */
export function pageHeadTags(origin: string): (path: string) => string {
  return (path) => {
    const agentPage = /^\/agent\/([^/]+)$/.exec(path);
    if (agentPage) {
      const agentId = decodeURIComponent(agentPage[1]!);
      const embed = embedFor(origin, { url: `${origin}${path}`, imagePath: imagePaths.agent(agentId) });
      return embedMetaTags(embed, `A ${APP.name} twin`);
    }
    return embedMetaTags(embedFor(origin, { url: `${origin}/`, imagePath: imagePaths.embed }), APP.name);
  };
}
