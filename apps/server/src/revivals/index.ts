// Revivals by others: the owner's notice and the twin's thank-you, and the revivers list.
export { startRevivalSocial } from './revival-social.ts';
export { reviverRoutes } from './routes.ts';
