import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/App.tsx';
import { createMemoryHistory } from './lib/router/index.ts';

/**
 * A screen's shell: the app's first render at `path` (the frame, the navigation bar, the screen's
 * loading state) as HTML, made at build time. Where the app runs, who is signed in and the screen's
 * data are not known here, so the shell shows none of them; the page's first render in the browser
 * reads none of them either (server snapshots), so it matches the shell and takes it over.
 * The same tree as main.tsx renders.
 */
export async function renderShell(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <App history={createMemoryHistory(path)} />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
