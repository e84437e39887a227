import type { ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { errorMessage } from '../lib/errors.ts';
import { strings } from '../lib/strings.ts';

/**
 * The page without React: "Something went wrong" and the error text, the error boundary's view
 * (ErrorBoundary.tsx) as plain DOM, for when React has unmounted the app and can show nothing.
 */
function showStaticError(container: Element, error: unknown) {
  const view = document.createElement('div');
  view.className = 'error-screen';
  view.setAttribute('role', 'alert');
  const heading = document.createElement('h1');
  heading.textContent = strings.somethingWentWrong;
  const message = document.createElement('p');
  message.textContent = errorMessage(error);
  view.append(heading, message);
  const main = document.createElement('main');
  main.append(view);
  container.replaceChildren(main);
}

/**
 * The app's root's error callbacks. Every error a render throws reaches one of React 19's root
 * callbacks with the components it broke in, so each is reported once, in one place:
 * - caught by an error boundary (the screen already says "Something went wrong"): the error and
 *   where it broke, for whoever reads the console (the client's web view inspector, a bug report);
 * - caught by none (an error in the root boundary itself): React has unmounted the app, so the page
 *   gets the same message as plain HTML rather than going blank;
 * - recovered from (most often a prerendered shell that the first render did not match, so React
 *   rendered the page again from scratch): the page works, but its shell was thrown away.
 */
function rootOptions(container: Element): RootOptions {
  const report = (what: string, error: unknown, info: { componentStack?: string }) =>
    console.error(what, error, info.componentStack ?? '');
  return {
    onCaughtError(error, info) {
      report('Render error, shown in its error boundary:', error, info);
    },
    onUncaughtError(error, info) {
      report('Render error outside every error boundary; the app stopped:', error, info);
      showStaticError(container, error);
    },
    onRecoverableError(error, info) {
      report('Recovered by rendering again (a shell the page did not match, or an error React retried):', error, info);
    },
  };
}

/** The app's React root on an empty container (a page without a prerendered shell, `npm run dev`). */
export function createAppRoot(container: Element): Root {
  return createRoot(container, rootOptions(container));
}

/** The app's React root over the prerendered shell in `container`, which it takes over (hydrates). */
export function hydrateAppRoot(container: Element, app: ReactNode): Root {
  return hydrateRoot(container, app, rootOptions(container));
}
