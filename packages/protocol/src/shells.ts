/**
 * The mini-app's prerendered shells: its build writes one page per screen (the screen's first
 * render as HTML) and this index of them, beside index.html. The bot service answers a path that a
 * shell's route matches with that page, any other with index.html.
 */
export const SHELLS_INDEX = 'shells/index.json';

export interface PrerenderedShell {
  /** A route pattern as the app's router writes it: `/agents`, `/agent/:agentId`. */
  route: string;
  /** The page, relative to the build's folder. */
  file: string;
}

/** Whether `path` is on `route`: the same segments, a `:name` segment taking any one that is not empty. */
export function routeMatches(route: string, path: string): boolean {
  const want = route.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((segment, index) => {
      const actual = got[index] ?? '';
      return segment.startsWith(':') ? actual !== '' : segment === actual;
    })
  );
}
