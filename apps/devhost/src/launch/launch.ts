import type { LaunchLocation } from '../host/create-host.ts';

/** One opening of the mini-app: at a path of its origin, from somewhere. Each has its own id. */
export interface Launch {
  id: number;
  path: string;
  location: LaunchLocation;
}

export const HOME_LAUNCH: Launch = { id: 0, path: '/', location: { type: 'launcher' } };

/** The frame's address for a launch; home is the mini-app's URL as configured. */
export function launchUrl(miniappUrl: string, path: string): string {
  return path === '/' ? miniappUrl : new URL(path, miniappUrl).href;
}

/**
 * A path of the mini-app from what a person typed or a notification's targetUrl: a path, or a full
 * URL on the mini-app's origin. Anything else (another site, not a URL) is null: a client opens
 * only the mini-app's own pages in its frame.
 */
export function miniAppPath(miniappUrl: string, input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `/${text}`, miniappUrl);
  } catch {
    return null;
  }
  if (url.origin !== new URL(miniappUrl).origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
