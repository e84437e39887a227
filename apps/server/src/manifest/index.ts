// What the app says of itself to clients: the Farcaster manifest, embeds, page heads, app config, the
// mini-app's files.
export { appConfigRoutes } from './app-config-routes.ts';
export { WEBHOOK_PATH } from './app-identity.ts';
export { checkedUrl, twinPageUrl } from './app-urls.ts';
export { buildManifest, InvalidManifestError, manifestProblems } from './manifest.ts';
export { miniappStaticRoutes } from './miniapp-static.ts';
export { pageHeadTags } from './page-head.ts';
export { manifestRoutes } from './routes.ts';
